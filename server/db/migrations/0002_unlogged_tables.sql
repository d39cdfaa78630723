-- Custom SQL migration file, put your code below! --
-- UNLOGGED: not written to the WAL (faster, emptied after a crash, not replicated). Both tables
-- hold only short-lived data whose loss at worst resets a limit or voids an open captcha.
-- Their typed definitions are in server/db/unlogged.ts (drizzle-kit cannot express UNLOGGED).
CREATE UNLOGGED TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_counters_window_idx" ON "rate_counters" USING btree ("window_start");
--> statement-breakpoint
CREATE UNLOGGED TABLE "captcha_challenges" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"scene" varchar(20) NOT NULL,
	"answer_x" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "captcha_challenges_expires_idx" ON "captcha_challenges" USING btree ("expires_at");
