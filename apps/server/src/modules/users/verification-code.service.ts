import { CODE_POLICY, type CodePurpose } from '@medx/contract';
import type { Kysely } from 'kysely';
import { toCount } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { badRequest, tooMany } from '../../http/app-error';
import { type Clock, DAY, iso } from '../../lib/clock';
import type { CodeDelivery } from '../../lib/mailer';
import { safeEqual, sha256, sixDigitCode } from '../../lib/secrets';

export type CodeTarget = { channel: 'email'; email: string } | { channel: 'phone'; region: string; phone: string };

export const targetKey = (t: CodeTarget) =>
  t.channel === 'email' ? `email:${t.email}` : `phone:${t.region}:${t.phone}`;
const codeHash = (target: string, code: string) => sha256(`${target}|${code}`);

/** Six-digit codes: expiring, resend-throttled, daily-capped, attempt-limited, single use. */
export class VerificationCodeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly delivery: CodeDelivery,
  ) {}

  /** `deliver: false` records and throttles the code like any other but sends nothing (see UsersService.sendCode). */
  async send(
    target: CodeTarget,
    purpose: CodePurpose,
    options: { deliver?: boolean } = {},
  ): Promise<{ resend_after: number; expires_in: number }> {
    const key = targetKey(target);
    const now = this.clock.now();
    const recent = await this.db
      .selectFrom('verification_codes')
      .select(['created_at'])
      .where('target', '=', key)
      .where('created_at', '>', iso(new Date(now.getTime() - DAY)))
      .orderBy('created_at', 'desc')
      .execute();
    const latest = recent[0];
    if (latest) {
      const waited = (now.getTime() - Date.parse(latest.created_at)) / 1000;
      if (waited < CODE_POLICY.resendSeconds) {
        throw tooMany('codeTooFrequent', { seconds: Math.ceil(CODE_POLICY.resendSeconds - waited) });
      }
    }
    if (recent.length >= CODE_POLICY.perTargetPerDay) throw tooMany('codeDailyLimit');

    const code = sixDigitCode();
    await this.db
      .insertInto('verification_codes')
      .values({
        target: key,
        purpose,
        code_hash: codeHash(key, code),
        attempts: 0,
        created_at: iso(now),
        expires_at: iso(new Date(now.getTime() + CODE_POLICY.ttlSeconds * 1000)),
        consumed_at: null,
      })
      .execute();
    if (options.deliver === false)
      return { resend_after: CODE_POLICY.resendSeconds, expires_in: CODE_POLICY.ttlSeconds };
    await this.delivery.send({
      channel: target.channel,
      to: target.channel === 'email' ? target.email : `+${target.region} ${target.phone}`,
      purpose,
      code,
    });
    return { resend_after: CODE_POLICY.resendSeconds, expires_in: CODE_POLICY.ttlSeconds };
  }

  /** Consumes the newest live code for the target and purpose, or fails with one message for every cause. */
  async consume(target: CodeTarget, purpose: CodePurpose, code: string): Promise<void> {
    const key = targetKey(target);
    const now = iso(this.clock.now());
    const row = await this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', key)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (!row || row.expires_at <= now) throw badRequest('codeWrongOrExpired');
    // Every try takes one of the attempts in a single atomic update before the code is
    // compared, so tries sent in parallel cannot all read the same count and pass.
    const reserved = await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .where('attempts', '<', CODE_POLICY.maxVerifyAttempts)
      .executeTakeFirst();
    if (toCount(reserved.numUpdatedRows) !== 1) throw badRequest('codeWrongOrExpired');
    if (!safeEqual(row.code_hash, codeHash(key, code))) throw badRequest('codeWrongOrExpired');
    const updated = await this.db
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    // A concurrent request consumed it first: single use means this one fails.
    if (toCount(updated.numUpdatedRows) !== 1) throw badRequest('codeWrongOrExpired');
  }

  async deleteExpired(): Promise<void> {
    await this.db
      .deleteFrom('verification_codes')
      .where('created_at', '<', iso(new Date(this.clock.now().getTime() - DAY)))
      .execute();
  }
}
