import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type AuditEntry,
  CONSOLE_ENDPOINTS,
  hasTexts,
  PLAYER_AUDIT_ENTITIES,
  STAFF_SESSION_COOKIE,
  SUPPORT_ROLES,
} from '@promo/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { generateURI } from 'otplib';
import type { Database } from '../db/client.ts';
import { writeAndHear } from '../db/content-watch.ts';
import type { Notifications } from '../db/notifications.ts';
import { promotionPreviews, staff } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import { audit, auditPage } from '../domain/audit.ts';
import { requestLanguage } from '../domain/error-texts.ts';
import { createLoginThrottle, shareLoginThrottle } from '../domain/login-throttle.ts';
import { createOperatorKey, listedKey, listOperatorKeys, revokeOperatorKey } from '../domain/operator-keys.ts';
import { rewordProblems } from '../domain/problem-texts.ts';
import { PREVIEW_TTL_MS, previewTokenHash } from '../domain/promotion-previews.ts';
import {
  consolePromotion,
  createListCounts,
  createPromotion,
  draftStart,
  promotionList,
  promotionVersion,
  publishVersion,
  restoreVersion,
  savePromotion,
  schedulePublication,
  unpublishPromotion,
  versionContent,
} from '../domain/promotion-versions.ts';
import {
  createStaff,
  listedMember,
  listStaff,
  listStaffSessions,
  revokeStaffSession,
  revokeStaffSessionById,
  signInStaff,
  staffSessionIdOf,
  updateStaff,
} from '../domain/staff.ts';
import { unixSeconds } from '../domain/time.ts';
import { registerEndpoints } from '../http/endpoints.ts';
import { clearStaffCookie, operatorOf, setStaffCookie } from '../http/operator-auth.ts';
import { clientAddress } from '../http/rate-limits.ts';
import type { Api } from '../http/validation.ts';
import { httpError } from '../http-error.ts';
import { FRAME_PREFIX } from '../pages/document.ts';
import type { ServerSettings } from '../settings.ts';

/** Where a preview link opens: the frame's page of the promotion, and the demo host showing it. */
export function previewPaths(slug: string, token: string): { framePath: string; hostPath: string } {
  const framePath = `${FRAME_PREFIX}promotion/${slug}?${new URLSearchParams({ preview: token })}`;
  return { framePath, hostPath: `/demo-host/?${new URLSearchParams({ path: framePath })}` };
}

/** The version an `If-Match` names: `3`, `"3"` or `W/"3"`; 428 when there is none. */
export function ifMatchVersion(header: string | string[] | undefined): number {
  const value = typeof header === 'string' ? /^(?:W\/)?"?([1-9]\d{0,8})"?$/.exec(header.trim())?.[1] : undefined;
  if (!value) throw httpError(428, 'Send If-Match with the version the edit started from', 'if_match_required');
  return Number(value);
}

/**
 * The console's API (issue 40): staff sign-in and sessions, the promotions with their versions,
 * previews and publication, and the audit log. Who may call what is the endpoint table's `roles`,
 * checked before a handler runs; every write is audited in its own transaction.
 */
export function registerConsoleRoutes(
  app: Api,
  deps: { db: Database; settings: ServerSettings; notifications: Notifications },
): void {
  const { db, settings } = deps;
  // The staff's counts are kept apart from the players' (a staff login may also be a player's).
  const throttle = shareLoginThrottle(createLoginThrottle(), deps.notifications, (err) =>
    app.log.error({ err }, 'login throttle notification failed'),
  );
  /** The language the caller reads: a promotion's problems are worded in it. */
  const languageOf = (request: FastifyRequest) => requestLanguage(request.url, request.headers['accept-language']);
  const slugPromotion = (slug: string, request: FastifyRequest) => consolePromotion(db, slug, languageOf(request));
  /** The public id of the caller's own session, when a session (not a key) brought them. */
  const currentSessionId = (request: FastifyRequest) => {
    const token = request.cookies?.[STAFF_SESSION_COOKIE];
    return operatorOf(request).via === 'session' && token ? staffSessionIdOf(token) : null;
  };
  /**
   * Ends a session by its id, of the caller's own (`mine`) or of anyone, audited in the same
   * transaction; ending the caller's own current session signs them out (the cookie cleared).
   */
  const endSession = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    mine: boolean,
  ) => {
    const { actor } = operatorOf(request);
    const currentId = currentSessionId(request);
    const ended = await transaction(db, async (tx) => {
      const session = await revokeStaffSessionById(
        tx,
        request.params.id,
        mine ? { staffId: actor.staffId, currentId } : { currentId },
      );
      await audit(tx, actor, {
        entity: 'staff',
        entityId: session.login,
        action: 'revoke-session',
        before: { session: { id: session.id, address: session.address, createdAt: session.createdAt } },
        after: { session: null },
      });
      return session;
    });
    if (ended.current) clearStaffCookie(reply, settings);
    return { ok: true as const };
  };
  const listCounts = createListCounts();

  registerEndpoints(app, CONSOLE_ENDPOINTS, {
    signIn: async (request, reply) => {
      const address = clientAddress(request);
      const key = `staff:${request.body.login}`;
      const { retryAfterMs, delayMs } = throttle.check(key, address);
      if (retryAfterMs > 0) {
        const seconds = Math.ceil(retryAfterMs / 1000);
        reply.header('retry-after', String(seconds));
        throw httpError(429, `Too many failed sign-ins. Try again in ${seconds} s.`, 'too_many_sign_ins');
      }
      throttle.failed(key, address);
      if (delayMs > 0) await sleep(delayMs);
      const session = await signInStaff(db, request.body, { address, log2N: settings.scryptLog2N });
      throttle.succeeded(key, address);
      await audit(
        db,
        { staffId: session.member.id, name: session.member.login, address },
        { entity: 'staff', entityId: session.member.login, action: 'sign-in', before: null, after: null },
      );
      setStaffCookie(reply, session.token, settings);
      return { login: session.member.login, role: session.member.role, idleUntil: unixSeconds(session.expiresAt) };
    },

    me: async (request) => {
      const caller = operatorOf(request);
      return { login: caller.actor.name, role: caller.role, idleUntil: caller.idleUntil ?? 0 };
    },

    signOut: async (request, reply) => {
      const caller = operatorOf(request);
      const token = request.cookies?.[STAFF_SESSION_COOKIE];
      if (token) await revokeStaffSession(db, token);
      await audit(db, caller.actor, {
        entity: 'staff',
        entityId: caller.actor.name,
        action: 'sign-out',
        before: null,
        after: null,
      });
      clearStaffCookie(reply, settings);
      return { ok: true as const };
    },

    mySessions: async (request) =>
      listStaffSessions(db, { staffId: operatorOf(request).actor.staffId, currentId: currentSessionId(request) }),

    mySessionEnd: async (request, reply) => endSession(request, reply, true),

    promotions: async (request) => promotionList(db, request.query, new Date(), listCounts),

    draftStart: async (request) =>
      draftStart(db, {
        ...(request.query.mechanic ? { mechanic: request.query.mechanic } : {}),
        ...(request.query.from ? { slug: request.query.from } : {}),
      }),

    create: async (request) => {
      const { actor } = operatorOf(request);
      await transaction(db, (tx) => createPromotion(tx, actor, request.body));
      return slugPromotion(request.body.slug, request);
    },

    promotion: async (request) => slugPromotion(request.params.slug, request),

    save: async (request, reply) => {
      const { actor } = operatorOf(request);
      const basedOn = ifMatchVersion(request.headers['if-match']);
      const version = await transaction(db, (tx) =>
        savePromotion(tx, actor, request.params.slug, request.body, basedOn),
      );
      reply.header('etag', `"${version}"`);
      return slugPromotion(request.params.slug, request);
    },

    version: async (request) => promotionVersion(db, request.params.slug, request.params.version, languageOf(request)),

    restore: async (request) => {
      const { actor } = operatorOf(request);
      await transaction(db, (tx) => restoreVersion(tx, actor, request.params.slug, request.params.version));
      return slugPromotion(request.params.slug, request);
    },

    preview: async (request) => {
      const { actor } = operatorOf(request);
      const { slug, version } = request.params;
      // A page shows its texts: a version with none yet would open as the frame's 404.
      if (!hasTexts(await versionContent(db, slug, version))) {
        throw httpError(422, 'Write the texts of one language at least: a preview shows them', 'preview_no_texts');
      }
      const token = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + PREVIEW_TTL_MS);
      await transaction(db, async (tx) => {
        await tx
          .insert(promotionPreviews)
          .values({ tokenHash: previewTokenHash(token), slug, version, createdBy: actor.name, expiresAt });
        await audit(tx, actor, {
          entity: 'promotion',
          entityId: slug,
          action: 'preview',
          before: null,
          after: { expiresAt: expiresAt.toISOString() },
          version,
        });
      });
      return { ...previewPaths(slug, token), expiresAt: unixSeconds(expiresAt) };
    },

    publish: async (request) => {
      const { actor } = operatorOf(request);
      const { version, at } = request.body;
      if (at === undefined)
        // Served content changes now: the publisher's next read (the frame's page) sees it.
        await writeAndHear(deps.notifications, () =>
          transaction(db, (tx) => publishVersion(tx, actor, request.params.slug, version)),
        );
      else
        await transaction(db, (tx) =>
          schedulePublication(tx, actor, request.params.slug, version, new Date(at * 1000)),
        );
      return slugPromotion(request.params.slug, request);
    },

    unpublish: async (request) => {
      const { actor } = operatorOf(request);
      await writeAndHear(deps.notifications, () =>
        transaction(db, (tx) => unpublishPromotion(tx, actor, request.params.slug)),
      );
      return slugPromotion(request.params.slug, request);
    },

    audit: async (request) => {
      const { query } = request;
      // Look-ups and adjustments name players and carry support's reasons: only the roles of player
      // support read them (decision 049).
      const hidden = SUPPORT_ROLES.includes(operatorOf(request).role) ? [] : PLAYER_AUDIT_ENTITIES;
      let staffId: number | undefined;
      if (query.staff) {
        const [member] = await db.select({ id: staff.id }).from(staff).where(eq(staff.login, query.staff));
        if (!member) return { items: [], next: null };
        staffId = member.id;
      }
      const rows = await auditPage(
        db,
        {
          ...(staffId === undefined ? {} : { staffId }),
          ...(query.entity ? { entity: query.entity } : {}),
          ...(query.entityId ? { entityId: query.entityId } : {}),
          ...(query.from ? { from: new Date(query.from) } : {}),
          ...(query.to ? { to: new Date(query.to) } : {}),
          ...(query.before ? { beforeId: query.before } : {}),
          hidden,
        },
        query.size + 1,
      );
      const items: AuditEntry[] = rows.slice(0, query.size).map((row) => ({
        id: row.id,
        at: unixSeconds(row.at),
        actor: row.actor,
        address: row.address,
        entity: row.entity,
        entityId: row.entityId,
        action: row.action,
        diff: rewordProblems(row.diff as AuditEntry['diff'], languageOf(request)),
        version: row.version,
      }));
      return { items, next: rows.length > query.size ? (items.at(-1)?.id ?? null) : null };
    },

    staff: async () => listStaff(db),

    staffCreate: async (request) => {
      const { actor } = operatorOf(request);
      const { login, password, role } = request.body;
      const made = await transaction(db, async (tx) => {
        const created = await createStaff(tx, { login, password, role }, settings.scryptLog2N);
        await audit(tx, actor, {
          entity: 'staff',
          entityId: login,
          action: 'create',
          before: null,
          after: { role, secondFactor: created.totpSecret !== null },
        });
        return created;
      });
      const [row] = await db.select().from(staff).where(eq(staff.login, made.member.login));
      if (!row) throw httpError(404, `No staff member ${login}`, 'not_found');
      return withSecret(listedMember(row), made.totpSecret);
    },

    staffUpdate: async (request) => {
      const { actor } = operatorOf(request);
      const changed = await transaction(db, async (tx) => {
        const result = await updateStaff(tx, actor, request.params.login, request.body);
        await audit(tx, actor, {
          entity: 'staff',
          entityId: request.params.login,
          action: 'update',
          before: listedMember(result.before),
          after: listedMember(result.after),
        });
        return result;
      });
      return withSecret(listedMember(changed.after), changed.totpSecret);
    },

    staffSessions: async (request) =>
      listStaffSessions(db, {
        ...(request.query.login ? { login: request.query.login } : {}),
        currentId: currentSessionId(request),
      }),

    staffSessionRevoke: async (request, reply) => endSession(request, reply, false),

    operatorKeys: async () => listOperatorKeys(db),

    operatorKeyCreate: async (request) => {
      const { actor } = operatorOf(request);
      const { label, role } = request.body;
      const { row, secret } = await transaction(db, async (tx) => {
        const created = await createOperatorKey(tx, label, role);
        await audit(tx, actor, {
          entity: 'operator-key',
          entityId: label,
          action: 'create',
          before: null,
          after: { role },
        });
        return created;
      });
      return { key: listedKey(row), secret };
    },

    operatorKeyRevoke: async (request) => {
      const { actor } = operatorOf(request);
      const { label } = request.params;
      const { after } = await transaction(db, async (tx) => {
        const revoked = await revokeOperatorKey(tx, label);
        await audit(tx, actor, {
          entity: 'operator-key',
          entityId: label,
          action: 'revoke',
          before: listedKey(revoked.before),
          after: listedKey(revoked.after),
        });
        return revoked;
      });
      return listedKey(after);
    },
  });
}

/** A member as made or changed, with their new authenticator secret (and its URI) when they got one. */
const withSecret = (member: ReturnType<typeof listedMember>, totpSecret: string | null) => ({
  member,
  totpSecret,
  otpauthUri: totpSecret ? generateURI({ issuer: 'Promo console', label: member.login, secret: totpSecret }) : null,
});
