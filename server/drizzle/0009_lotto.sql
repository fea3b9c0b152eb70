CREATE TABLE "lotto_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"jackpot_usd" numeric(14, 2) NOT NULL,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "lotto_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"draw_id" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"kind" text NOT NULL,
	"price" numeric(18, 8) NOT NULL,
	"currency_code" text NOT NULL,
	"won" numeric(18, 8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lotto_tickets" ADD CONSTRAINT "lotto_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotto_tickets" ADD CONSTRAINT "lotto_tickets_draw_id_lotto_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lotto_draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lotto_draws_code_time" ON "lotto_draws" USING btree ("code","draw_at");--> statement-breakpoint
CREATE INDEX "lotto_tickets_user" ON "lotto_tickets" USING btree ("user_id","created_at");