CREATE TABLE "ad_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_code" varchar(40) NOT NULL,
	"title" varchar(80) NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_slots" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogues" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(120) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(60) NOT NULL,
	"code" varchar(40) NOT NULL,
	"level" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_pack_items" (
	"pack_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_pack_items_pack_id_course_id_pk" PRIMARY KEY("pack_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "course_skus" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"price_cents" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(8) NOT NULL,
	"title" varchar(120) NOT NULL,
	"subtitle" varchar(200),
	"cover" text NOT NULL,
	"category_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"subject_id" integer,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"original_price_cents" integer,
	"status" varchar(12) DEFAULT 'ON_SALE' NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"valid_days" integer DEFAULT 365 NOT NULL,
	"intro" text NOT NULL,
	"teacher_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coursewares" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"catalogue_id" integer NOT NULL,
	"name" varchar(120) NOT NULL,
	"type" varchar(8) NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"media_url" text,
	"paper_id" integer,
	"free_audition" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_questions" (
	"paper_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"score" integer NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "paper_questions_paper_id_question_id_pk" PRIMARY KEY("paper_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"project_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"paper_type" varchar(10) NOT NULL,
	"year" integer,
	"duration_minutes" integer NOT NULL,
	"total_score" integer NOT NULL,
	"pass_score" integer NOT NULL,
	"free" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(14) NOT NULL,
	"subject_id" integer NOT NULL,
	"parent_id" integer,
	"stem" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"analysis" text NOT NULL,
	"difficulty" integer DEFAULT 2 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"project_id" integer NOT NULL,
	"subject_id" integer,
	"file_type" varchar(10) NOT NULL,
	"file_url" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"free" boolean DEFAULT true NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "section_questions" (
	"section_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "section_questions_section_id_question_id_pk" PRIMARY KEY("section_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(120) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_params" (
	"key" varchar(60) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"remark" varchar(120)
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"title" varchar(80) NOT NULL,
	"avatar" text NOT NULL,
	"intro" text NOT NULL,
	"project_id" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"mobile" varchar(11),
	"password_hash" text,
	"nickname" varchar(40) NOT NULL,
	"avatar" text,
	"gender" varchar(8) DEFAULT 'UNKNOWN' NOT NULL,
	"project_id" integer,
	"project_name" varchar(60),
	"wechat_open_id" varchar(64),
	"wechat_nickname" varchar(60),
	"login_failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_items" ADD CONSTRAINT "ad_items_slot_code_ad_slots_code_fk" FOREIGN KEY ("slot_code") REFERENCES "public"."ad_slots"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogues" ADD CONSTRAINT "catalogues_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_pack_items" ADD CONSTRAINT "course_pack_items_pack_id_courses_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_pack_items" ADD CONSTRAINT "course_pack_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_skus" ADD CONSTRAINT "course_skus_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coursewares" ADD CONSTRAINT "coursewares_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coursewares" ADD CONSTRAINT "coursewares_catalogue_id_catalogues_id_fk" FOREIGN KEY ("catalogue_id") REFERENCES "public"."catalogues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD CONSTRAINT "paper_questions_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD CONSTRAINT "paper_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_questions" ADD CONSTRAINT "section_questions_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_questions" ADD CONSTRAINT "section_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_items_slot_idx" ON "ad_items" USING btree ("slot_code");--> statement-breakpoint
CREATE INDEX "catalogues_course_idx" ON "catalogues" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "classes_code_uq" ON "classes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "classes_parent_idx" ON "classes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "courses_type_idx" ON "courses" USING btree ("type");--> statement-breakpoint
CREATE INDEX "courses_project_idx" ON "courses" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "coursewares_catalogue_idx" ON "coursewares" USING btree ("catalogue_id");--> statement-breakpoint
CREATE INDEX "coursewares_course_idx" ON "coursewares" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "papers_subject_idx" ON "papers" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "questions_subject_idx" ON "questions" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "questions_parent_idx" ON "questions" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sections_subject_idx" ON "sections" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "users_wechat_open_id_uq" ON "users" USING btree ("wechat_open_id");