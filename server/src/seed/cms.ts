import { CMS_ART_FOLDERS, type CmsBlock, type CmsMoney } from '@promo/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { cmsPageHeads, cmsPages, promoBanners } from '../db/schema.ts';
import { scheduleTime } from '../domain/promotion-rows.ts';

const ASSETS = CMS_ART_FOLDERS.promotionsDesktop;
type Lang = 'en' | 'ru' | 'ar';

/** The texts of the seeded pages, per language. */
const EN = {
  welcomeTitle: 'Welcome pack: double your first deposit',
  welcomeText: 'Your first deposit is matched 100% for your sports bets.',
  welcomeCta: 'Claim the bonus',
  bonusCardTitle: 'First deposit bonus',
  bonusCardText: 'Bonus credited instantly after your deposit.',
  stepsTitle: 'Three steps to your bonus',
  step1: 'Register',
  step1Text: 'Create your account in a minute.',
  step2: 'Deposit',
  step2Text: 'Top up with {{minDeposit}} or more.',
  step3: 'Play',
  step3Text: 'Your bonus is ready to play.',
  countdown: 'Offer ends in',
  rulesTitle: 'Bonus rules',
  rule1: 'Who can take part',
  rule1Html: '<p>New players aged <strong>18+</strong> making their first deposit.</p>',
  rule2: 'Wagering',
  rule2Html: '<p>Wager the bonus <strong>5 times</strong> in accumulators with odds of 1.40 or more.</p>',
  richHtml:
    '<h2>Why players love it</h2><p>The bonus comes <em>on top</em> of your deposit. Read the <a href="/promo-frame/en/headless/terms">terms</a>, our <a href="/information/responsible-gaming">responsible gaming</a> page and the <a href="https://www.gaming-authority.cw/" target="_blank">regulator’s register</a>.</p><p>Deposit <strong>{{deposit}}</strong> and you play with <strong>{{total}}</strong>.</p>',
  summerTitle: 'Summer Cup',
  summerText: 'Bet on the summer tournaments and share a {{prizePool}} prize pool.',
  summerDescription: 'Bet on the summer tournaments and climb the leaderboard.',
  summerCta: 'See the leaderboard',
  summerMore: 'More promotions on the site',
  termsTitle: 'Bonus terms',
  termsHtml:
    '<h2>General bonus terms</h2><ol><li>One bonus per player, household and payment method.</li><li>Bonuses expire after 30 days.</li><li>The site may change these terms with notice.</li></ol>',
  cryptoTitle: 'Crypto boost',
  cryptoText: 'Deposit in crypto and get 20% extra.',
  bannerWheel: 'Spin the wheel every day',
  bannerWheelText: 'Three free spins daily, provably fair.',
  bannerLucky: 'Lucky Day draw',
  bannerLuckyText: 'Pick your lucky number before 20:00 UTC.',
  bannerHunt: 'Winter Hunt',
  bannerHuntText: 'Collect six gifts and win up to {{topPrize}}.',
};
type Texts = typeof EN;

const T: Record<Lang, Texts> = {
  en: EN,
  ru: {
    welcomeTitle: 'Приветственный пакет: удвойте первый депозит',
    welcomeText: 'Первый депозит удваивается на 100% для ставок на спорт.',
    welcomeCta: 'Получить бонус',
    bonusCardTitle: 'Бонус на первый депозит',
    bonusCardText: 'Бонус начисляется сразу после депозита.',
    stepsTitle: 'Три шага к бонусу',
    step1: 'Регистрация',
    step1Text: 'Создайте аккаунт за минуту.',
    step2: 'Депозит',
    step2Text: 'Пополните счёт от {{minDeposit}}.',
    step3: 'Игра',
    step3Text: 'Бонус готов к игре.',
    countdown: 'До конца предложения',
    rulesTitle: 'Правила бонуса',
    rule1: 'Кто может участвовать',
    rule1Html: '<p>Новые игроки <strong>18+</strong>, вносящие первый депозит.</p>',
    rule2: 'Отыгрыш',
    rule2Html: '<p>Отыграйте бонус <strong>5 раз</strong> экспрессами с коэффициентом от 1,40.</p>',
    richHtml:
      '<h2>Почему игрокам нравится</h2><p>Бонус идёт <em>сверх</em> депозита. Прочитайте <a href="/promo-frame/ru/headless/terms">условия</a>, страницу об <a href="/information/responsible-gaming">ответственной игре</a> и <a href="https://www.gaming-authority.cw/" target="_blank">реестр регулятора</a>.</p><p>Внесите <strong>{{deposit}}</strong> — и играйте на <strong>{{total}}</strong>.</p>',
    summerTitle: 'Летний кубок',
    summerText: 'Ставьте на летние турниры и разделите призовой фонд {{prizePool}}.',
    summerDescription: 'Ставьте на летние турниры и поднимайтесь в таблице лидеров.',
    summerCta: 'Смотреть таблицу',
    summerMore: 'Больше акций на сайте',
    termsTitle: 'Условия бонусов',
    termsHtml:
      '<h2>Общие условия бонусов</h2><ol><li>Один бонус на игрока, семью и платёжный способ.</li><li>Бонусы действуют 30 дней.</li><li>Сайт может менять условия с уведомлением.</li></ol>',
    cryptoTitle: 'Крипто-буст',
    cryptoText: 'Пополняйте в криптовалюте и получайте +20%.',
    bannerWheel: 'Крутите колесо каждый день',
    bannerWheelText: 'Три бесплатных вращения в день, честность проверяема.',
    bannerLucky: 'Розыгрыш Lucky Day',
    bannerLuckyText: 'Выберите счастливое число до 20:00 UTC.',
    bannerHunt: 'Зимняя охота',
    bannerHuntText: 'Соберите шесть подарков и выиграйте до {{topPrize}}.',
  },
  ar: {
    welcomeTitle: 'باقة الترحيب: ضاعف إيداعك الأول',
    welcomeText: 'يُضاعف إيداعك الأول بنسبة 100% لرهاناتك الرياضية.',
    welcomeCta: 'احصل على المكافأة',
    bonusCardTitle: 'مكافأة الإيداع الأول',
    bonusCardText: 'تُضاف المكافأة فور إيداعك.',
    stepsTitle: 'ثلاث خطوات إلى مكافأتك',
    step1: 'سجّل',
    step1Text: 'أنشئ حسابك في دقيقة.',
    step2: 'أودِع',
    step2Text: 'اشحن {{minDeposit}} أو أكثر.',
    step3: 'العب',
    step3Text: 'مكافأتك جاهزة للعب.',
    countdown: 'ينتهي العرض خلال',
    rulesTitle: 'قواعد المكافأة',
    rule1: 'من يمكنه المشاركة',
    rule1Html: '<p>اللاعبون الجدد بعمر <strong>18+</strong> عند إيداعهم الأول.</p>',
    rule2: 'شروط الرهان',
    rule2Html: '<p>راهن بالمكافأة <strong>5 مرات</strong> في رهانات مركّبة باحتمالات 1.40 أو أكثر.</p>',
    richHtml:
      '<h2>لماذا يحبها اللاعبون</h2><p>المكافأة تأتي <em>فوق</em> إيداعك. اقرأ <a href="/promo-frame/ar/headless/terms">الشروط</a> وصفحة <a href="/information/responsible-gaming">اللعب المسؤول</a> و<a href="https://www.gaming-authority.cw/" target="_blank">سجل الجهة المنظِّمة</a>.</p><p>أودِع <strong>{{deposit}}</strong> والعب بـ <strong>{{total}}</strong>.</p>',
    summerTitle: 'كأس الصيف',
    summerText: 'راهن على بطولات الصيف وتقاسم جوائز بقيمة {{prizePool}}.',
    summerDescription: 'راهن على بطولات الصيف وتقدّم في لوحة المتصدرين.',
    summerCta: 'شاهد الترتيب',
    summerMore: 'المزيد من العروض على الموقع',
    termsTitle: 'شروط المكافآت',
    termsHtml:
      '<h2>الشروط العامة للمكافآت</h2><ol><li>مكافأة واحدة لكل لاعب وأسرة ووسيلة دفع.</li><li>تنتهي صلاحية المكافآت بعد 30 يومًا.</li><li>يجوز للموقع تعديل الشروط مع إشعار مسبق.</li></ol>',
    cryptoTitle: 'تعزيز العملات المشفرة',
    cryptoText: 'أودِع بالعملات المشفرة واحصل على 20% إضافية.',
    bannerWheel: 'أدر العجلة كل يوم',
    bannerWheelText: 'ثلاث لفات مجانية يوميًا بنزاهة قابلة للتحقق.',
    bannerLucky: 'سحب يوم الحظ',
    bannerLuckyText: 'اختر رقم حظك قبل 20:00 بالتوقيت العالمي.',
    bannerHunt: 'صيد الشتاء',
    bannerHuntText: 'اجمع ست هدايا واربح حتى {{topPrize}}.',
  },
};

/** The sports welcome offer (GET welcome-bonus, the 1st promotion): every page says the same. */
export const WELCOME_CARD = { percent: 100, maxAmount: '100', currencyCode: 'USD', wager: 5 } as const;

/**
 * A money value of the CMS content, in dollars: the server answers it in the asked currency and the
 * frame formats it (texts name it as a {{placeholder}}, never as "$10"; decision 030).
 */
const usd = (amount: string): CmsMoney => ({ amount, currencyCode: 'USD' });

function welcomeBlocks(t: Texts, endsAt: number): CmsBlock[] {
  return [
    {
      id: 'hero',
      type: 'hero',
      props: {
        title: t.welcomeTitle,
        text: t.welcomeText,
        image: `${ASSETS}/welcome-hero.png`,
        imageAlt: '',
        cta: { label: t.welcomeCta, target: { kind: 'registration' } },
      },
    },
    { id: 'countdown', type: 'countdown', props: { endsAt, label: t.countdown } },
    {
      id: 'card',
      type: 'bonusCard',
      props: {
        title: t.bonusCardTitle,
        percent: WELCOME_CARD.percent,
        maxAmount: { amount: WELCOME_CARD.maxAmount, currencyCode: WELCOME_CARD.currencyCode },
        wager: WELCOME_CARD.wager,
        text: t.bonusCardText,
      },
    },
    {
      id: 'steps',
      type: 'steps',
      props: {
        title: t.stepsTitle,
        items: [
          { title: t.step1, text: t.step1Text },
          { title: t.step2, text: t.step2Text },
          { title: t.step3, text: t.step3Text },
        ],
        amounts: { minDeposit: usd('10') },
      },
    },
    {
      id: 'why',
      type: 'richText',
      // A 100% match: a deposit of 50 plays as 100.
      props: { html: t.richHtml, amounts: { deposit: usd('50'), total: usd('100') } },
    },
    {
      id: 'rules',
      type: 'rules',
      props: {
        title: t.rulesTitle,
        items: [
          { title: t.rule1, html: t.rule1Html },
          { title: t.rule2, html: t.rule2Html },
        ],
      },
    },
    { id: 'cta', type: 'callToAction', props: { label: t.welcomeCta, target: { kind: 'recharge' } } },
  ];
}

function summerBlocks(t: Texts, endsAt: number): CmsBlock[] {
  return [
    {
      id: 'hero',
      type: 'hero',
      props: {
        title: t.summerTitle,
        text: t.summerText,
        image: `${ASSETS}/summer-cup.png`,
        imageAlt: '',
        amounts: { prizePool: usd('50000') },
      },
    },
    { id: 'countdown', type: 'countdown', props: { endsAt, label: t.countdown } },
    { id: 'banner', type: 'promoBanner', props: { bannerId: 2 } },
    {
      id: 'cta',
      type: 'callToAction',
      props: { label: t.summerCta, target: { kind: 'page', path: 'promotion/champions-cup' } },
    },
    // The host's own promotions page: the frame shows one, the site has them all.
    { id: 'more', type: 'callToAction', props: { label: t.summerMore, target: { kind: 'promotions' } } },
  ];
}

function termsBlocks(t: Texts): CmsBlock[] {
  return [
    { id: 'terms', type: 'richText', props: { html: t.termsHtml } },
    // A block of a newer CMS than this frame: skipped with a warning, the page still renders.
    { id: 'feedback', type: 'feedbackPoll', props: { question: '?' } },
  ];
}

/**
 * Seeded CMS pages in every seeded language (bonus/welcome, landing summer-cup, headless terms,
 * bonus crypto-boost for two countries only) and the promo banners. Version 1 of each is upserted;
 * versions an operator published later are kept and served.
 */
export async function seedCms(db: Database, now = new Date()): Promise<void> {
  // On a round time, as the promotions' ends are (23:59 Moscow time, 30 days on): a countdown to
  // it reads the same whatever second the server started at.
  const endsAt = Math.floor(scheduleTime('+30d', now.getTime(), 'end').getTime() / 1000);
  const pages = (Object.keys(T) as Lang[]).flatMap((language) => {
    const t = T[language];
    return [
      {
        type: 'bonus',
        slug: 'welcome',
        title: t.welcomeTitle,
        description: t.welcomeText,
        blocks: welcomeBlocks(t, endsAt),
        countries: null,
      },
      {
        type: 'landing',
        slug: 'summer-cup',
        title: t.summerTitle,
        // Titles and descriptions go to the document's head as they are: they name no money.
        description: t.summerDescription,
        blocks: summerBlocks(t, endsAt),
        countries: null,
      },
      {
        type: 'headless',
        slug: 'terms',
        title: t.termsTitle,
        description: t.termsTitle,
        blocks: termsBlocks(t),
        countries: null,
      },
      {
        type: 'bonus',
        slug: 'crypto-boost',
        title: t.cryptoTitle,
        description: t.cryptoText,
        blocks: [
          {
            id: 'hero',
            type: 'hero',
            props: {
              title: t.cryptoTitle,
              text: t.cryptoText,
              image: `${CMS_ART_FOLDERS.cryptoPromotions}/crypto-boost.png`,
              imageAlt: '',
            },
          },
        ],
        countries: ['CY', 'AE'],
      },
    ].map((page) => ({ ...page, language, version: 1 }));
  });
  await db
    .insert(cmsPages)
    .values(pages)
    .onConflictDoUpdate({
      target: [cmsPages.type, cmsPages.slug, cmsPages.language, cmsPages.version],
      set: {
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        blocks: sql`excluded.blocks`,
        countries: sql`excluded.countries`,
      },
    });
  // The console's head of each page (decision 050): version 1, published, until staff save one.
  const heads = [...new Map(pages.map((page) => [`${page.type}/${page.slug}`, page])).values()];
  await db
    .insert(cmsPageHeads)
    .values(heads.map(({ type, slug }) => ({ type, slug, latestVersion: 1, publishedVersion: 1 })))
    .onConflictDoNothing();
  const banners = (Object.keys(T) as Lang[]).flatMap((language) => {
    const t = T[language];
    return [
      {
        id: 1,
        title: t.bannerWheel,
        text: t.bannerWheelText,
        image: `${ASSETS}/banner-wheel.png`,
        href: 'promotion/spin-wheel',
      },
      {
        id: 2,
        title: t.bannerLucky,
        text: t.bannerLuckyText,
        image: `${ASSETS}/banner-luckyday.png`,
        href: 'promotion/luckyday',
      },
      {
        id: 3,
        title: t.bannerHunt,
        text: t.bannerHuntText,
        image: `${ASSETS}/banner-hunt.png`,
        href: 'promotion/winter-hunt',
        // The hunt's first prize (server/content/promotions/winter-hunt.json).
        amounts: { topPrize: usd('750') },
      },
    ].map((banner, index) => ({ amounts: {}, ...banner, language, sortOrder: index, endsAt: null }));
  });
  await db
    .insert(promoBanners)
    .values(banners)
    .onConflictDoUpdate({
      target: [promoBanners.id, promoBanners.language],
      set: {
        title: sql`excluded.title`,
        text: sql`excluded.text`,
        image: sql`excluded.image`,
        href: sql`excluded.href`,
        amounts: sql`excluded.amounts`,
      },
    });
}
