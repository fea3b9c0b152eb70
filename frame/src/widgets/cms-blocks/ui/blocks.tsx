import { type Banner, CMS_BLOCK_PROPS, type CmsBlockType } from '@promo/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod/mini';
import { bannersQuery } from '../../../entities/cms-page/index.ts';
import { usePlayerCurrency } from '../../../entities/user/index.ts';
import { DEFAULT_HEADING_TAG } from '../../../shared/config/index.ts';
import { useCdnBase } from '../../../shared/lib/browser/index.ts';
import { formatAmount } from '../../../shared/lib/format/index.ts';
import { useGlobalStore } from '../../../shared/model/index.ts';
import { ArtPicture } from '../../../shared/ui/art/index.ts';
import { Countdown } from '../../../shared/ui/countdown/index.ts';
import { amountTexts, withAmounts } from '../lib/amounts.ts';
import { useProseLinks } from '../lib/prose-links.ts';
import { sanitizeHtml } from '../lib/sanitize.ts';
import styles from './cms-blocks.module.css';
import { CallToAction } from './cta.tsx';

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
  hero: block(CMS_BLOCK_PROPS.hero, function Hero(props) {
    const Heading = props.heading ?? DEFAULT_HEADING_TAG;
    return (
      <header className={styles.hero}>
        <div className={styles.heroText}>
          <Heading className={styles.heroTitle}>{props.title}</Heading>
          {props.text && <p className={styles.lead}>{props.text}</p>}
          {props.cta && <CallToAction label={props.cta.label} target={props.cta.target} />}
        </div>
        {props.image && (
          <ArtPicture className={styles.heroImage} src={props.image} alt={props.imageAlt ?? ''} {...HERO_ART} />
        )}
      </header>
    );
  }),
  richText: block(CMS_BLOCK_PROPS.richText, function RichText({ html: source }) {
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
  image: block(CMS_BLOCK_PROPS.image, (props) => (
    <ArtPicture
      className={styles.image}
      src={props.src}
      alt={props.alt}
      width={props.width}
      height={props.height}
      {...(props.mobile ? { mobile: props.mobile } : {})}
    />
  )),
  countdown: block(CMS_BLOCK_PROPS.countdown, ({ endsAt, label }) => (
    <div className={styles.countdown}>
      <Countdown targetMs={endsAt * 1000} label={label} />
    </div>
  )),
  bonusCard: block(CMS_BLOCK_PROPS.bonusCard, function BonusCard(props) {
    const { t } = useTranslation();
    const language = useGlobalStore((s) => s.currentLanguage);
    return (
      <section className={styles.bonusCard} aria-label={props.title}>
        <p className={styles.cardTitle}>{props.title}</p>
        <p className={styles.cardAmount}>
          +{props.percent}%{' '}
          <span>
            {t('bonus_up_to', {
              amount: formatAmount(props.maxAmount.amount, props.maxAmount.currencyCode, language),
            })}
          </span>
        </p>
        <p className={styles.cardMeta}>
          {t('bonus_wager')} ×{props.wager}
        </p>
        {props.text && <p className={styles.cardMeta}>{props.text}</p>}
      </section>
    );
  }),
  steps: block(CMS_BLOCK_PROPS.steps, ({ title, heading: Heading = 'h2', items }) => (
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
  )),
  rules: block(CMS_BLOCK_PROPS.rules, function Rules({ title, heading: Heading = 'h2', items }) {
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
  }),
  callToAction: block(CMS_BLOCK_PROPS.callToAction, ({ label, target }) => (
    <div className={styles.cta}>
      <CallToAction label={label} target={target} />
    </div>
  )),
  promoBanner: block(CMS_BLOCK_PROPS.promoBanner, function PromoBannerBlock({ bannerId }) {
    const language = useGlobalStore((s) => s.currentLanguage);
    const banners = useQuery(bannersQuery(language, usePlayerCurrency()));
    const banner = banners.data?.banners.find((b) => b.id === bannerId);
    return banner ? <PromoBanner banner={banner} /> : null;
  }),
};

/** The art of a hero and of a banner: desktop and phone sizes (promotions/desktop and promotions/mobile). */
const HERO_ART = { width: 640, height: 360, mobile: { width: 480, height: 360 } } as const;
const BANNER_ART = { width: 600, height: 240, mobile: { width: 360, height: 200 } } as const;

/**
 * A promo banner as a card link to its page (the banner page lists them, the promoBanner block
 * shows one), its amounts in the currency the banners were asked in. A banner whose text names an
 * amount it does not have is left out, with a warning.
 */
export function PromoBanner({ banner }: { banner: Banner }) {
  const language = useGlobalStore((s) => s.currentLanguage);
  const texts = withAmounts({ title: banner.title, text: banner.text }, amountTexts(banner.amounts, language));
  if (!texts) {
    console.warn(`Promo banner ${banner.id} left out: its text names an amount it does not have`);
    return null;
  }
  return (
    <Link to={`/${language}/${banner.href}`} className={styles.banner}>
      {banner.image && <ArtPicture src={banner.image} alt="" className={styles.bannerImage} {...BANNER_ART} />}
      <span className={styles.bannerText}>
        <strong>{texts.title}</strong>
        <span>{texts.text}</span>
      </span>
    </Link>
  );
}
