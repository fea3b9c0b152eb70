CREATE TABLE "casino_games" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"provider" text NOT NULL,
	"rtp" numeric(4, 2) NOT NULL,
	"collections" text[] NOT NULL,
	CONSTRAINT "casino_games_slug_unique" UNIQUE("slug")
);
