import type { CmsBlockType } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod/mini';
import { bannersQuery } from '../../../entities/cms-page/index.ts';
import { DEFAULT_HEADING_TAG } from '../../../shared/config/index.ts';
import { formatMoney } from '../../../shared/lib/format/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { Countdown } from '../../../shared/ui/countdown/index.ts';
import { useProseLinks } from '../lib/prose-links.ts';
import { sanitizeHtml } from '../lib/sanitize.ts';
import { useAssetUrl, useCdnBase } from '../model/asset-url.ts';
import styles from './cms-blocks.module.css';
import { CallToAction, ctaTargetSchema } from './cta.tsx';

const text = z.string().check(z.maxLength(2000));
const html = z.string().check(z.maxLength(50_000));
const asset = z.string().check(z.regex(/^\/genfiles\/cms\/[\w./-]+$/));
/**
 * The tag of a block's heading (spec 9: h1 by default): the page's title block is h1 unless it
 * chooses h2 or h3; a section below it is h2 unless it chooses h1 or h3.
 */
const headingTag = z.optional(z.enum(['h1', 'h2', 'h3']));

interface BlockDefinition {
  schema: z.ZodMiniType;
  /** A component: called with props its schema has accepted. */
  render: (props: never) => ReactNode;
}

/** A block type's props schema and its component, typed together. */
const block = <S extends z.ZodMiniType>(schema: S, render: (props: z.infer<S>) => ReactNode): BlockDefinition => ({
  schema,
  render: render as (props: never) => ReactNode,
});

/** Each block type: the props it takes (checked before rendering) and how it looks. */
export const BLOCKS: Record<CmsBlockType, BlockDefinition> = {
  hero: block(
    z.object({
      title: text,
      heading: headingTag,
      text: z.optional(text),
      image: z.optional(asset),
      imageAlt: z.optional(text),
      cta: z.optional(z.object({ label: text, target: ctaTargetSchema })),
    }),
    function Hero(props) {
      const src = useAssetUrl(props.image);
      const Heading = props.heading ?? DEFAULT_HEADING_TAG;
      return (
        <header className={styles.hero}>
          <div className={styles.heroText}>
            <Heading className={styles.heroTitle}>{props.title}</Heading>
            {props.text && <p className={styles.lead}>{props.text}</p>}
            {props.cta && <CallToAction label={props.cta.label} target={props.cta.target} />}
          </div>
          {src && <img className={styles.heroImage} src={src} alt={props.imageAlt ?? ''} width={640} height={360} />}
        </header>
      );
    },
  ),
  richText: block(z.object({ html }), function RichText({ html: source }) {
    const cdn = useCdnBase();
    const followLink = useProseLinks();
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the links inside take the clicks and keys; this only routes them
      <div
        className={styles.prose}
        onClick={followLink}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML goes through DOMPurify
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(source, cdn) }}
      />
    );
  }),
  image: block(
    z.object({ src: asset, alt: text, width: z.int().check(z.positive()), height: z.int().check(z.positive()) }),
    function Image(props) {
      const src = useAssetUrl(props.src);
      return <img className={styles.image} src={src} alt={props.alt} width={props.width} height={props.height} />;
    },
  ),
  countdown: block(z.object({ endsAt: z.int(), label: text }), ({ endsAt, label }) => (
    <div className={styles.countdown}>
      <Countdown targetMs={endsAt * 1000} label={label} />
    </div>
  )),
  bonusCard: block(
    z.object({
      title: text,
      percent: z.int().check(z.positive()),
      maxAmount: z.string().check(z.regex(/^\d+(\.\d+)?$/)),
      currencyCode: z.string().check(z.regex(/^[A-Za-z]{3,5}$/)),
      wager: z.int().check(z.positive()),
      text: z.optional(text),
    }),
    function BonusCard(props) {
      const { t } = useTranslation();
      const language = useGlobalStore((s) => s.currentLanguage);
      return (
        <section className={styles.bonusCard} aria-label={props.title}>
          <p className={styles.cardTitle}>{props.title}</p>
          <p className={styles.cardAmount}>
            +{props.percent}%{' '}
            <span>{t('bonus_up_to', { amount: formatMoney(props.maxAmount, props.currencyCode, language) })}</span>
          </p>
          <p className={styles.cardMeta}>
            {t('bonus_wager')} ×{props.wager}
          </p>
          {props.text && <p className={styles.cardMeta}>{props.text}</p>}
        </section>
      );
    },
  ),
  steps: block(
    z.object({
      title: text,
      heading: headingTag,
      items: z.array(z.object({ title: text, text: text })).check(z.maxLength(12)),
    }),
    ({ title, heading: Heading = 'h2', items }) => (
      <section className={styles.section} aria-label={title}>
        <Heading className={styles.sectionTitle}>{title}</Heading>
        <ol className={styles.steps}>
          {items.map((item) => (
            <li key={item.title} className={styles.step}>
              <strong>{item.title}</strong>
              <span>{item.text}</span>
            </li>
          ))}
        </ol>
      </section>
    ),
  ),
  rules: block(
    z.object({
      title: text,
      heading: headingTag,
      items: z.array(z.object({ title: text, html })).check(z.maxLength(40)),
    }),
    function Rules({ title, heading: Heading = 'h2', items }) {
      const cdn = useCdnBase();
      return (
        <section className={styles.section} aria-label={title}>
          <Heading className={styles.sectionTitle}>{title}</Heading>
          {items.map((item) => (
            <details key={item.title} className={styles.rule}>
              <summary>{item.title}</summary>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML goes through DOMPurify */}
              <div className={styles.prose} dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.html, cdn) }} />
            </details>
          ))}
        </section>
      );
    },
  ),
  callToAction: block(z.object({ label: text, target: ctaTargetSchema }), ({ label, target }) => (
    <div className={styles.cta}>
      <CallToAction label={label} target={target} />
    </div>
  )),
  promoBanner: block(z.object({ bannerId: z.int() }), function PromoBanner({ bannerId }) {
    const language = useGlobalStore((s) => s.currentLanguage);
    const banners = useQuery(bannersQuery(language));
    const banner = banners.data?.banners.find((b) => b.id === bannerId);
    const src = useAssetUrl(banner?.image);
    if (!banner) return null;
    return <BannerCard to={`/${language}/${banner.href}`} title={banner.title} text={banner.text} image={src} />;
  }),
};

/** A promo banner as a card link (the banner page lists them, the promoBanner block shows one). */
export function BannerCard({
  to,
  title,
  text: body,
  image,
}: {
  to: string;
  title: string;
  text: string;
  image?: string;
}) {
  return (
    <Link to={to} className={styles.banner}>
      {image && <img src={image} alt="" width={600} height={240} className={styles.bannerImage} />}
      <span className={styles.bannerText}>
        <strong>{title}</strong>
        <span>{body}</span>
      </span>
    </Link>
  );
}
