CREATE TABLE "daily_bonus_takes" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency_code" text,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_bonus_takes_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "first_bonus_choices" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"bonus_id" integer NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournament_participants" (
	"promotion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"nickname" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_participants_promotion_id_user_id_pk" PRIMARY KEY("promotion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tournament_scores" (
	"promotion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"points" numeric(14, 2) NOT NULL,
	"tickets" integer NOT NULL,
	CONSTRAINT "tournament_scores_promotion_id_user_id_day_pk" PRIMARY KEY("promotion_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "daily_bonus_takes" ADD CONSTRAINT "daily_bonus_takes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_bonus_choices" ADD CONSTRAINT "first_bonus_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_scores_day" ON "tournament_scores" USING btree ("promotion_id","day");