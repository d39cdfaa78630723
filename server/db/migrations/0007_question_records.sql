CREATE TABLE "question_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_answers" (
	"record_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"version" bigint NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"score_tenths" integer,
	"verdict" varchar(10),
	CONSTRAINT "record_answers_record_id_question_id_pk" PRIMARY KEY("record_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "user_questions" (
	"user_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"question_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"wrong_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_questions_user_id_kind_question_id_pk" PRIMARY KEY("user_id","kind","question_id")
);
--> statement-breakpoint
CREATE TABLE "user_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source" varchar(8) NOT NULL,
	"source_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"state" varchar(8) NOT NULL,
	"items" jsonb NOT NULL,
	"question_count" integer NOT NULL,
	"total_score_tenths" integer NOT NULL,
	"pass_score_tenths" integer,
	"started_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone,
	"handed_in_at" timestamp with time zone,
	"handed_in_by" varchar(6),
	"objective_tenths" integer,
	"subjective_tenths" integer,
	"score_tenths" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_feedback" ADD CONSTRAINT "question_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_answers" ADD CONSTRAINT "record_answers_record_id_user_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."user_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_questions" ADD CONSTRAINT "user_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_records" ADD CONSTRAINT "user_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_questions_subject_idx" ON "user_questions" USING btree ("user_id","kind","subject_id");--> statement-breakpoint
CREATE INDEX "user_records_user_idx" ON "user_records" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "user_records_source_idx" ON "user_records" USING btree ("user_id","source","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_records_doing_uq" ON "user_records" USING btree ("user_id","source","source_id","mode") WHERE state = 'DOING';--> statement-breakpoint
CREATE INDEX "user_records_deadline_idx" ON "user_records" USING btree ("deadline_at") WHERE state = 'DOING' AND deadline_at IS NOT NULL;