CREATE TABLE "answer_days" (
	"user_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"day" date NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "answer_days_user_id_subject_id_day_pk" PRIMARY KEY("user_id","subject_id","day")
);
--> statement-breakpoint
CREATE TABLE "question_progress" (
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"right_count" integer DEFAULT 0 NOT NULL,
	"wrong_count" integer DEFAULT 0 NOT NULL,
	"last_verdict" varchar(10) NOT NULL,
	"last_answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "question_progress_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "review_cards" (
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"origin" varchar(8) NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"reps" integer NOT NULL,
	"lapses" integer NOT NULL,
	"state" smallint NOT NULL,
	"last_review" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_cards_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "review_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"record_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"state" smallint NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer NOT NULL,
	"last_elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"review" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "record_answers" ADD COLUMN "spent_seconds" integer;--> statement-breakpoint
ALTER TABLE "record_answers" ADD COLUMN "judged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_days" ADD CONSTRAINT "answer_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_progress" ADD CONSTRAINT "question_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_days_day_idx" ON "answer_days" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "question_progress_subject_idx" ON "question_progress" USING btree ("user_id","subject_id");--> statement-breakpoint
CREATE INDEX "review_cards_due_idx" ON "review_cards" USING btree ("user_id","subject_id","due");--> statement-breakpoint
CREATE INDEX "review_logs_card_idx" ON "review_logs" USING btree ("user_id","question_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_logs_record_uq" ON "review_logs" USING btree ("record_id","question_id");