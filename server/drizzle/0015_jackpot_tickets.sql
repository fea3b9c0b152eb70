CREATE TABLE "jackpot_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"settlement_id" integer NOT NULL,
	"stake_usd" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jackpot_tickets" ADD CONSTRAINT "jackpot_tickets_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_tickets" ADD CONSTRAINT "jackpot_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_tickets" ADD CONSTRAINT "jackpot_tickets_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_tickets_once" ON "jackpot_tickets" USING btree ("promotion_id","settlement_id");--> statement-breakpoint
CREATE INDEX "jackpot_tickets_draw" ON "jackpot_tickets" USING btree ("promotion_id","draw_at");