CREATE TABLE "cms_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"language" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"blocks" jsonb NOT NULL,
	"countries" text[],
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_banners" (
	"id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"image" text NOT NULL,
	"href" text NOT NULL,
	"sort_order" integer NOT NULL,
	"ends_at" timestamp with time zone,
	CONSTRAINT "promo_banners_id_language_pk" PRIMARY KEY("id","language")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cms_pages_version" ON "cms_pages" USING btree ("type","slug","language","version");