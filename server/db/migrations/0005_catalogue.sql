CREATE TABLE "course_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"intro" varchar(200) DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ebooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(120) NOT NULL,
	"author" varchar(60) NOT NULL,
	"cover" text NOT NULL,
	"intro" text NOT NULL,
	"project_id" integer NOT NULL,
	"subject_id" integer,
	"page_count" integer NOT NULL,
	"status" varchar(12) DEFAULT 'ON_SALE' NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_advisors" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer,
	"name" varchar(40) NOT NULL,
	"avatar" text NOT NULL,
	"wechat_id" varchar(40) NOT NULL,
	"tip" varchar(120) NOT NULL,
	"qrcode_text" varchar(300) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogues" ADD COLUMN "stage_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "course_stages" ADD CONSTRAINT "course_stages_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_stages_course_idx" ON "course_stages" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "ebooks_project_idx" ON "ebooks" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "sales_advisors_project_idx" ON "sales_advisors" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "catalogues" ADD CONSTRAINT "catalogues_stage_id_course_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."course_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resources_project_idx" ON "resources" USING btree ("project_id");--> statement-breakpoint
-- Hand-written (drizzle-kit cannot declare triggers): every change to a table whose reads the servers
-- cache (server/shared/publicCache.ts) tells every process listening on channel xuetu_public_cache,
-- with the table's name as payload. Statement-level, so a bulk change is one notification; PostgreSQL
-- delivers them at commit and drops the ones of a rolled-back transaction.
CREATE FUNCTION "xuetu_notify_public_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('xuetu_public_cache', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "classes_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "classes" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();--> statement-breakpoint
CREATE TRIGGER "teachers_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "teachers" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();--> statement-breakpoint
CREATE TRIGGER "ad_slots_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ad_slots" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();--> statement-breakpoint
CREATE TRIGGER "ad_items_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ad_items" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();--> statement-breakpoint
CREATE TRIGGER "site_params_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_params" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();--> statement-breakpoint
CREATE TRIGGER "courses_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();--> statement-breakpoint
CREATE TRIGGER "course_pack_items_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_pack_items" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();--> statement-breakpoint
CREATE TRIGGER "course_stages_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_stages" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();--> statement-breakpoint
CREATE TRIGGER "catalogues_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalogues" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();--> statement-breakpoint
CREATE TRIGGER "coursewares_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coursewares" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();--> statement-breakpoint
CREATE TRIGGER "sales_advisors_public_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sales_advisors" FOR EACH STATEMENT EXECUTE FUNCTION "xuetu_notify_public_change"();
