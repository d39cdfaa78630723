CREATE TABLE "courseware_progress" (
	"user_id" integer NOT NULL,
	"courseware_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"stage_id" integer,
	"learned_total_time" integer DEFAULT 0 NOT NULL,
	"progress_bar" integer DEFAULT 0 NOT NULL,
	"last_learned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courseware_progress_user_id_courseware_id_pk" PRIMARY KEY("user_id","courseware_id")
);
--> statement-breakpoint
CREATE TABLE "learned_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_record_id" varchar(64) NOT NULL,
	"ticket_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"courseware_id" integer NOT NULL,
	"stage_id" integer,
	"learned_time" integer NOT NULL,
	"progress_bar" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"courseware_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"client_msg_id" varchar(64) NOT NULL,
	"content" varchar(200) NOT NULL,
	"from_staff" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_mutes" (
	"user_id" integer NOT NULL,
	"courseware_id" integer DEFAULT 0 NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "live_mutes_user_id_courseware_id_pk" PRIMARY KEY("user_id","courseware_id")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"courseware_id" integer PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"dir" text NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"aes_key_hex" varchar(32),
	"poster" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"courseware_id" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"learned_seconds" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coursewares" ADD COLUMN "media_asset_id" integer;--> statement-breakpoint
ALTER TABLE "courseware_progress" ADD CONSTRAINT "courseware_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courseware_progress" ADD CONSTRAINT "courseware_progress_courseware_id_coursewares_id_fk" FOREIGN KEY ("courseware_id") REFERENCES "public"."coursewares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learned_records" ADD CONSTRAINT "learned_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learned_records" ADD CONSTRAINT "learned_records_ticket_id_watch_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."watch_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_courseware_id_coursewares_id_fk" FOREIGN KEY ("courseware_id") REFERENCES "public"."coursewares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_messages" ADD CONSTRAINT "live_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_mutes" ADD CONSTRAINT "live_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_courseware_id_coursewares_id_fk" FOREIGN KEY ("courseware_id") REFERENCES "public"."coursewares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_tickets" ADD CONSTRAINT "watch_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_tickets" ADD CONSTRAINT "watch_tickets_courseware_id_coursewares_id_fk" FOREIGN KEY ("courseware_id") REFERENCES "public"."coursewares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courseware_progress_user_course_idx" ON "courseware_progress" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "courseware_progress_user_last_idx" ON "courseware_progress" USING btree ("user_id","last_learned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "learned_records_user_client_uq" ON "learned_records" USING btree ("user_id","client_record_id");--> statement-breakpoint
CREATE INDEX "learned_records_user_course_idx" ON "learned_records" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_messages_user_client_uq" ON "live_messages" USING btree ("user_id","client_msg_id");--> statement-breakpoint
CREATE INDEX "live_messages_courseware_idx" ON "live_messages" USING btree ("courseware_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_assets_name_uq" ON "media_assets" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_tickets_token_uq" ON "watch_tickets" USING btree ("token");--> statement-breakpoint
CREATE INDEX "watch_tickets_user_idx" ON "watch_tickets" USING btree ("user_id","opened_at");