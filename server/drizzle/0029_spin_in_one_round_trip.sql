-- A spin in one round trip (issue 41, decision 045): the idempotency claim, the wheel's outcome, the
-- spin's record, its cash and the stored answer run in the database, in one statement that commits
-- on its own, instead of BEGIN, five statements and COMMIT from the server. The claim, the ledger
-- movement and the cash credit are functions the server's other calls use too, so each rule is
-- written once. A refusal is raised as SQLSTATE PR000 with the refusal's code as its message: the
-- statement rolls back whole (the claim with it) and the server answers with that code.
-- Every function is PL/pgSQL: PostgreSQL keeps the plans of its statements for the connection.

-- What makes a session row live: the one definition, for the key's claim here and for the
-- server's session lookup (LIVE_SESSION in server/src/domain/sessions.ts). Inlined where it is used.
CREATE FUNCTION "session_live"("p_revoked_at" timestamptz, "p_expires_at" timestamptz) RETURNS boolean
	LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT p_revoked_at IS NULL AND p_expires_at > now() $$;--> statement-breakpoint

-- Claims an Idempotency-Key for the player of a live session. No row when the session is not live;
-- else its player and whether the key was free (false: another call holds it, its answer is stored).
CREATE FUNCTION "idempotency_claim"("p_session" uuid, "p_key" text, "p_scope" text, "p_request_hash" text)
	RETURNS TABLE ("user_id" integer, "claimed" boolean) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
		WITH live AS (
			SELECT s.user_id FROM sessions s
			WHERE s.id = p_session AND s.user_id IS NOT NULL AND session_live(s.revoked_at, s.expires_at)
		), claim AS (
			INSERT INTO idempotency_keys (user_id, key, scope, request_hash, status_code, response)
			SELECT live.user_id, p_key, p_scope, p_request_hash, 0, '{}' FROM live
			ON CONFLICT DO NOTHING RETURNING 1
		)
		SELECT live.user_id, EXISTS (SELECT FROM claim) FROM live;
END
$$;--> statement-breakpoint

-- Moves money on the player's account in a currency and records the ledger entry (domain/ledger.ts):
-- no row when no account matched (none in that currency, not the active one when p_active_only, or a
-- debit larger than the balance). The UPDATE holds the account's row until the transaction ends.
CREATE FUNCTION "ledger_move"("p_user" integer, "p_currency" text, "p_amount" numeric, "p_active_only" boolean,
	"p_kind" text, "p_reference" text, "p_at" timestamptz)
	RETURNS TABLE ("account_id" integer, "entry_id" bigint, "balance_after" numeric) LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
	RETURN QUERY
		WITH account AS (
			UPDATE accounts a SET amount = a.amount + p_amount
			WHERE a.user_id = p_user AND a.currency_code = p_currency AND (a.active OR NOT p_active_only)
				AND (p_amount >= 0 OR a.amount + p_amount >= 0)
			RETURNING a.id, a.amount
		), entry AS (
			INSERT INTO ledger_entries (user_id, currency_code, amount, balance_after, kind, reference, created_at)
			SELECT p_user, p_currency, p_amount, account.amount, p_kind, p_reference, p_at FROM account
			RETURNING ledger_entries.id
		)
		SELECT account.id, entry.id, account.amount FROM account, entry;
END
$$;--> statement-breakpoint

-- Adds cash (domain/credit-cash.ts): to the account in its currency, else to the active account in
-- the amount p_converted names for that account's currency ('0' for a currency it does not name).
-- No row when the player holds no account to credit.
CREATE FUNCTION "credit_cash"("p_user" integer, "p_amount" text, "p_currency" text, "p_converted" jsonb,
	"p_kind" text, "p_reference" text, "p_at" timestamptz)
	RETURNS TABLE ("amount" text, "currency_code" text) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	active_currency text;
	converted text;
BEGIN
	PERFORM FROM ledger_move(p_user, p_currency, p_amount::numeric, false, p_kind, p_reference, p_at);
	IF FOUND THEN
		RETURN QUERY SELECT p_amount, p_currency;
		RETURN;
	END IF;
	SELECT a.currency_code INTO active_currency FROM accounts a WHERE a.user_id = p_user AND a.active;
	IF NOT FOUND THEN
		RETURN;
	END IF;
	converted := coalesce(p_converted ->> active_currency, '0');
	-- By currency, not by "active": a switch of the active account meanwhile cannot drop the credit.
	PERFORM FROM ledger_move(p_user, active_currency, converted::numeric, false, p_kind, p_reference, p_at);
	IF FOUND THEN
		RETURN QUERY SELECT converted, active_currency;
	END IF;
END
$$;--> statement-breakpoint

-- HMAC-SHA256 (RFC 2104) with PostgreSQL's own sha256: no extension (PGlite loads none). The key's
-- 64-byte block is XORed with each pad as one bit(512); bit_send gives its bytes after a 4-byte length.
CREATE FUNCTION "hmac_sha256"("p_key" bytea, "p_message" bytea) RETURNS bytea
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
	block bit(512) := ('x' || rpad(encode(CASE WHEN length(p_key) > 64 THEN sha256(p_key) ELSE p_key END, 'hex'), 128, '0'))::bit(512);
BEGIN
	RETURN sha256(substring(bit_send(block # ('x' || repeat('5c', 64))::bit(512)) FROM 5)
		|| sha256(substring(bit_send(block # ('x' || repeat('36', 64))::bit(512)) FROM 5) || p_message));
END
$$;--> statement-breakpoint

-- The contract's wheelSegmentOf: the digest's first 52 bits as a fraction of 1 pick a segment by
-- weight, in the same double-precision steps as the browser's check (0-based index).
CREATE FUNCTION "wheel_segment"("p_digest" bytea, "p_weights" float8[]) RETURNS integer
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
	point float8 := 0;
	segments integer := array_length(p_weights, 1);
BEGIN
	FOR i IN 1..segments LOOP
		point := point + p_weights[i];
	END LOOP;
	point := (('x' || left(encode(p_digest, 'hex'), 13))::bit(52)::bigint::float8 / 4503599627370496::float8) * point;
	FOR i IN 1..segments LOOP
		point := point - p_weights[i];
		IF point < 0 THEN
			RETURN i - 1;
		END IF;
	END LOOP;
	RETURN segments - 1;
END
$$;--> statement-breakpoint

-- Spins the player's wheel p_count times (null: every spin left today) inside the caller's
-- transaction (domain/wheel.ts spinWheel): the committed seed decides each segment with the client
-- seed and nonce, is revealed in the answer and replaced by the next one, committed by its hash.
-- The next seeds come from p_seed_key, 32 random bytes (hex) the server draws for the call: the
-- i-th is HMAC-SHA256(p_seed_key, i) in hex, so a seed revealed says nothing of the next. Cash
-- prizes are credited (credit_cash; p_credits: per segment, the prize converted into each
-- currency). Answers the spins and the wheel's state as the contract's SpinResult. Refusals:
-- not_joined, no_spins, no_account.
CREATE FUNCTION "wheel_spin_apply"("p_user" integer, "p_promotion" integer, "p_client_seed" text, "p_count" integer,
	"p_today" text, "p_now" timestamptz, "p_seed_key" text, "p_currency" text, "p_per_day" integer,
	"p_kinds" text[], "p_amounts" text[], "p_weights" float8[], "p_credits" jsonb) RETURNS jsonb
	LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	client text := coalesce(p_client_seed, 'user-' || p_user);
	participant record;
	spins_left integer;
	spin_count integer;
	picked integer;
	won jsonb;
	next_seed text;
	spin_id integer;
	spin_at bigint;
	spun jsonb := '[]';
BEGIN
	SELECT w.spins_day, w.spins_used, w.server_seed, w.server_seed_hash, w.nonce INTO participant
	FROM wheel_participants w WHERE w.user_id = p_user AND w.promotion_id = p_promotion FOR UPDATE;
	IF NOT FOUND THEN
		RAISE EXCEPTION USING ERRCODE = 'PR000', MESSAGE = 'not_joined';
	END IF;
	spins_left := CASE WHEN participant.spins_day = p_today THEN greatest(0, p_per_day - participant.spins_used)
		ELSE p_per_day END;
	spin_count := coalesce(p_count, spins_left);
	IF spins_left = 0 OR spin_count > spins_left THEN
		RAISE EXCEPTION USING ERRCODE = 'PR000', MESSAGE = 'no_spins';
	END IF;
	FOR i IN 1..spin_count LOOP
		picked := wheel_segment(
			hmac_sha256(convert_to(participant.server_seed, 'UTF8'), convert_to(client || ':' || participant.nonce, 'UTF8')),
			p_weights);
		won := jsonb_build_object('kind', p_kinds[picked + 1], 'amount', p_amounts[picked + 1], 'currencyCode', p_currency);
		INSERT INTO wheel_spins (user_id, promotion_id, segment, prize, server_seed, server_seed_hash, client_seed, nonce)
		VALUES (p_user, p_promotion, picked, won, participant.server_seed, participant.server_seed_hash, client,
			participant.nonce)
		RETURNING wheel_spins.id, floor(extract(epoch FROM wheel_spins.created_at))::bigint INTO spin_id, spin_at;
		spun := spun || jsonb_build_array(jsonb_build_object('id', spin_id, 'segment', picked, 'prize', won,
			'serverSeed', participant.server_seed, 'serverSeedHash', participant.server_seed_hash, 'clientSeed', client,
			'nonce', participant.nonce, 'createdAt', spin_at));
		next_seed := encode(hmac_sha256(decode(p_seed_key, 'hex'), convert_to(i::text, 'UTF8')), 'hex');
		participant.spins_used := CASE WHEN participant.spins_day = p_today THEN participant.spins_used + 1 ELSE 1 END;
		participant.spins_day := p_today;
		participant.nonce := participant.nonce + 1;
		participant.server_seed := next_seed;
		participant.server_seed_hash := encode(sha256(convert_to(next_seed, 'UTF8')), 'hex');
		UPDATE wheel_participants w SET spins_day = participant.spins_day, spins_used = participant.spins_used,
			nonce = participant.nonce, server_seed = participant.server_seed, server_seed_hash = participant.server_seed_hash
		WHERE w.user_id = p_user AND w.promotion_id = p_promotion;
		IF p_kinds[picked + 1] = 'cash' THEN
			PERFORM FROM credit_cash(p_user, p_amounts[picked + 1], p_currency, p_credits -> picked, 'wheel_prize',
				spin_id::text, p_now);
			IF NOT FOUND THEN
				RAISE EXCEPTION USING ERRCODE = 'PR000', MESSAGE = 'no_account';
			END IF;
		END IF;
	END LOOP;
	RETURN jsonb_build_object('spins', spun, 'state', jsonb_build_object('promotionId', p_promotion,
		'participating', true, 'spinsLeft', greatest(0, p_per_day - participant.spins_used), 'spinsPerDay', p_per_day,
		'nextServerSeedHash', participant.server_seed_hash, 'nextNonce', participant.nonce, 'currencyCode', p_currency));
END
$$;--> statement-breakpoint

-- A spin request (routes/wheel.ts), committed on its own: claims the key for the session's player
-- (session_invalid when it is not live), answers a claimed key's stored answer (key_reused for
-- another call or body), refuses a wheel the server found closed (wheel: p_wheel_refused), else
-- spins, stores the answer and gives it. The answer is the stored JSON's text, so a replay is the
-- same bytes.
CREATE FUNCTION "wheel_spin"("p_session" uuid, "p_key" text, "p_scope" text, "p_request_hash" text,
	"p_wheel_refused" boolean, "p_promotion" integer, "p_client_seed" text, "p_count" integer, "p_today" text,
	"p_now" timestamptz, "p_seed_key" text, "p_currency" text, "p_per_day" integer, "p_kinds" text[],
	"p_amounts" text[], "p_weights" float8[], "p_credits" jsonb, OUT "replayed" boolean, OUT "answer" text)
	LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	claim record;
	stored record;
	result jsonb;
BEGIN
	SELECT c.user_id, c.claimed INTO claim FROM idempotency_claim(p_session, p_key, p_scope, p_request_hash) c;
	IF NOT FOUND THEN
		RAISE EXCEPTION USING ERRCODE = 'PR000', MESSAGE = 'session_invalid';
	END IF;
	IF NOT claim.claimed THEN
		SELECT k.scope, k.request_hash, k.response::text AS response INTO stored
		FROM idempotency_keys k WHERE k.user_id = claim.user_id AND k.key = p_key;
		IF NOT FOUND OR stored.scope <> p_scope
			OR (p_request_hash IS NOT NULL AND coalesce(stored.request_hash, '') <> '' AND stored.request_hash <> p_request_hash) THEN
			RAISE EXCEPTION USING ERRCODE = 'PR000', MESSAGE = 'key_reused';
		END IF;
		replayed := true;
		answer := stored.response;
		RETURN;
	END IF;
	IF p_wheel_refused THEN
		RAISE EXCEPTION USING ERRCODE = 'PR000', MESSAGE = 'wheel';
	END IF;
	result := wheel_spin_apply(claim.user_id, p_promotion, p_client_seed, p_count, p_today, p_now, p_seed_key, p_currency,
		p_per_day, p_kinds, p_amounts, p_weights, p_credits);
	UPDATE idempotency_keys k SET status_code = 200, response = result WHERE k.user_id = claim.user_id AND k.key = p_key;
	replayed := false;
	answer := result::text;
END
$$;
