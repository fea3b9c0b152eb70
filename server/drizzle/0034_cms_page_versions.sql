-- CMS pages in the console (decision 050): cms_pages rows are the versions, the served ones
-- flagged published; a head per page is the lock a save takes and names its versions.
CREATE TABLE "cms_page_heads" (
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"latest_version" integer NOT NULL,
	"published_version" integer,
	"scheduled_version" integer,
	"publish_at" timestamp with time zone,
	"scheduled_by" text,
	"last_editor" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_page_heads_type_slug_pk" PRIMARY KEY("type","slug")
);
--> statement-breakpoint
CREATE TABLE "cms_page_previews" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"version" integer NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "author" text;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "based_on" integer;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The rows there are were saved when they were published.
UPDATE "cms_pages" SET "created_at" = "published_at";--> statement-breakpoint
-- Every page there is: its latest version, published (the frame served it).
INSERT INTO "cms_page_heads" ("type", "slug", "latest_version", "published_version", "updated_at")
	SELECT "type", "slug", max("version"), max("version"), max("published_at") FROM "cms_pages" GROUP BY "type", "slug";
