-- Banners carry their amounts as data (issue 26 item 4): the server converts them into the player's currency.
ALTER TABLE "promo_banners" ADD COLUMN "amounts" jsonb DEFAULT '{}'::jsonb NOT NULL;