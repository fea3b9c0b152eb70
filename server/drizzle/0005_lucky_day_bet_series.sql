CREATE TABLE "bet_series_progress" (
	"promotion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"current" integer DEFAULT 0 NOT NULL,
	"best" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bet_series_progress_promotion_id_user_id_pk" PRIMARY KEY("promotion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lucky_day_tickets" (
	"promotion_id" integer NOT NULL,
	"day" text NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lucky_day_tickets_promotion_id_day_ticket_id_pk" PRIMARY KEY("promotion_id","day","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "bet_series_progress" ADD CONSTRAINT "bet_series_progress_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_series_progress" ADD CONSTRAINT "bet_series_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lucky_day_tickets" ADD CONSTRAINT "lucky_day_tickets_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lucky_day_tickets" ADD CONSTRAINT "lucky_day_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lucky_day_tickets_player" ON "lucky_day_tickets" USING btree ("promotion_id","day","user_id");