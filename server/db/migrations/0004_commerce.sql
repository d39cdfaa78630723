CREATE TABLE "activity_coupons" (
	"activity_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_coupons_activity_id_template_id_pk" PRIMARY KEY("activity_id","template_id")
);
--> statement-breakpoint
CREATE TABLE "activity_courses" (
	"activity_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"tag" varchar(20),
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_courses_activity_id_course_id_pk" PRIMARY KEY("activity_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "camp_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" varchar(40) NOT NULL,
	"start_day" integer NOT NULL,
	"days" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(60) NOT NULL,
	"subtitle" varchar(120) NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"percent_off" integer DEFAULT 0 NOT NULL,
	"max_discount_cents" integer,
	"threshold_cents" integer DEFAULT 0 NOT NULL,
	"course_ids" jsonb,
	"valid_days" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"claimable" boolean DEFAULT true NOT NULL,
	"claim_starts_at" timestamp with time zone,
	"claim_ends_at" timestamp with time zone,
	"total_quantity" integer,
	"claimed_count" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"course_id" integer NOT NULL,
	"course_type" varchar(8) NOT NULL,
	"title" varchar(120) NOT NULL,
	"cover" text NOT NULL,
	"sku_id" integer NOT NULL,
	"sku_name" varchar(60) NOT NULL,
	"price_cents" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"ships_material" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(24) NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"course_id" integer NOT NULL,
	"course_type" varchar(8) NOT NULL,
	"title" varchar(120) NOT NULL,
	"cover" text NOT NULL,
	"sku_name" varchar(60) NOT NULL,
	"total_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"pay_cents" integer NOT NULL,
	"user_coupon_id" integer,
	"coupon_name" varchar(40),
	"needs_address" boolean DEFAULT false NOT NULL,
	"address" jsonb,
	"remark" varchar(100),
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"pay_channel" varchar(8),
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" varchar(8) NOT NULL,
	"out_trade_no" varchar(32) NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" varchar(8) DEFAULT 'PENDING' NOT NULL,
	"code_url" text NOT NULL,
	"transaction_id" varchar(64),
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"batch" varchar(40) NOT NULL,
	"course_id" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_by_user_id" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_trades" (
	"out_trade_no" varchar(32) PRIMARY KEY NOT NULL,
	"ticket" varchar(40) NOT NULL,
	"amount_cents" integer NOT NULL,
	"subject" varchar(128) NOT NULL,
	"notify_url" text NOT NULL,
	"status" varchar(8) DEFAULT 'WAITING' NOT NULL,
	"transaction_id" varchar(40),
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"locked_order_id" integer,
	"used_at" timestamp with time zone,
	"used_order_id" integer,
	"source" varchar(8) DEFAULT 'CLAIM' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"course_type" varchar(8) NOT NULL,
	"source" varchar(8) NOT NULL,
	"via_pack_id" integer,
	"order_id" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_skus" ADD COLUMN "ships_material" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_skus" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_coupons" ADD CONSTRAINT "activity_coupons_activity_id_coupon_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."coupon_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_coupons" ADD CONSTRAINT "activity_coupons_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_courses" ADD CONSTRAINT "activity_courses_activity_id_coupon_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."coupon_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_courses" ADD CONSTRAINT "activity_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_stages" ADD CONSTRAINT "camp_stages_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_used_by_user_id_users_id_fk" FOREIGN KEY ("used_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_coupons" ADD CONSTRAINT "user_coupons_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_products" ADD CONSTRAINT "user_products_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "camp_stages_course_idx" ON "camp_stages" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_out_trade_no_uq" ON "payments" USING btree ("out_trade_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_uq" ON "payments" USING btree ("order_id","channel") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "redeem_codes_code_uq" ON "redeem_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sandbox_trades_ticket_uq" ON "payment_sandbox_trades" USING btree ("ticket");--> statement-breakpoint
CREATE UNIQUE INDEX "user_coupons_user_template_uq" ON "user_coupons" USING btree ("user_id","template_id");--> statement-breakpoint
CREATE INDEX "user_coupons_locked_idx" ON "user_coupons" USING btree ("locked_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_products_user_course_uq" ON "user_products" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "user_products_user_until_idx" ON "user_products" USING btree ("user_id","valid_until");