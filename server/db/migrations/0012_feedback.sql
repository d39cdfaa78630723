CREATE TABLE "feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(8) DEFAULT 'PENDING' NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"terminal" varchar(16),
	"user_agent" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signed_nonces" (
	"nonce" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedbacks_user_idx" ON "feedbacks" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "feedbacks_pending_idx" ON "feedbacks" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "signed_nonces_expires_idx" ON "signed_nonces" USING btree ("expires_at");