CREATE TABLE "deposit_bonus_activations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"terms_version" integer NOT NULL,
	"activated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_bonus_activations" ADD CONSTRAINT "deposit_bonus_activations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_bonus_activations" ADD CONSTRAINT "deposit_bonus_activations_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;