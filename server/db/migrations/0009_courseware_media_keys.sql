CREATE TABLE "courseware_media_keys" (
	"courseware_id" integer PRIMARY KEY NOT NULL,
	"aes_key_hex" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courseware_media_keys" ADD CONSTRAINT "courseware_media_keys_courseware_id_coursewares_id_fk" FOREIGN KEY ("courseware_id") REFERENCES "public"."coursewares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" DROP COLUMN "aes_key_hex";