import { Link } from "react-router";
import { LegalDocument, type LegalSection } from "../../components/site/legal-document";
import { SupportEmailLink } from "../../features/site-config/components/support-email-link";
import { type PageInfo, publicPageMeta } from "../../lib/meta";
import type { Route } from "./+types/terms";
import { staticPage } from "../../lib/static-page";

const page: PageInfo = {
  title: "Terms",
  description: "The terms that apply when you use Serene and its app.",
};

export const meta: Route.MetaFunction = () => publicPageMeta(page, "/terms", { type: "article" });

export const handle = staticPage;

const sections: readonly LegalSection[] = [
  {
    id: "agreement",
    title: "Agreement to these terms",
    body: (
      <p>
        These terms are an agreement between you and Serene (“Serene”, “we”, “us”) about your use of the
        Serene app, website and business subscriptions (the “Services”). By creating an account, buying a
        subscription or using the Services, you accept these terms and our{" "}
        <Link to="/privacy-policy">Privacy Policy</Link>. If you do not agree, please do not use the Services.
      </p>
    ),
  },
  {
    id: "eligibility",
    title: "Who can use Serene",
    body: (
      <p>
        You must be at least 18 years old to use the Services. If you use them on behalf of a company, you
        confirm that you are allowed to accept these terms for it, and “you” includes the company.
      </p>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <ul>
        <li>Give accurate information when you sign up and keep it up to date.</li>
        <li>Keep your password private. You are responsible for what happens in your account.</li>
        <li>
          Tell us straight away at <SupportEmailLink /> if you think someone else has used your account.
        </li>
        <li>One account is for one person and cannot be shared or sold.</li>
      </ul>
    ),
  },
  {
    id: "wellbeing",
    title: "Serene is not medical care",
    body: (
      <>
        <p>
          Serene offers meditation, relaxation and sleep audio to support everyday wellbeing. It is not a
          medical or mental-health service, it does not diagnose or treat any condition, and it does not
          replace advice from a doctor, psychologist or other professional.
        </p>
        <p>
          If you are in crisis or think you may harm yourself or someone else, contact your local emergency
          number or a crisis line immediately. Do not listen to sessions while driving or doing anything that
          needs your full attention.
        </p>
      </>
    ),
  },
  {
    id: "content-and-plans",
    title: "Free and paid content",
    body: (
      <p>
        Some sessions are free; others need a paid subscription. We describe what a subscription includes
        before you buy it. We may add, change or remove sessions over time, and we will not remove the core
        features of a paid plan during a period you have already paid for.
      </p>
    ),
  },
  {
    id: "business-subscriptions",
    title: "Business subscriptions",
    body: (
      <>
        <p>Employers can buy Serene for their team on the For Business page.</p>
        <ul>
          <li>
            A business subscription costs $49.99 per employee per year and covers 5 to 100 employees. Larger
            teams can book a demo with us for a tailored plan. Prices are in US dollars and, where applicable,
            exclude taxes shown at checkout.
          </li>
          <li>
            Payment is taken by our payment provider when you check out. When the payment is confirmed we
            e-mail one subscription code per employee to the business e-mail address you gave.
          </li>
          <li>
            Each code can be redeemed once, by one person, in the Serene app. Its 12 months begin on the day
            it is redeemed, not on the day of purchase.
          </li>
          <li>
            Keep codes safe and share them only with your employees. We are not responsible for codes that are
            shared further or redeemed by someone you did not intend.
          </li>
          <li>
            If you bought codes by mistake, write to us within 14 days of purchase and we will refund the
            codes that have not been redeemed. Redeemed codes cannot be refunded, except where the law
            requires it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "hosts",
    title: "Hosts and the content you upload",
    body: (
      <>
        <p>
          Hosts can upload audio and images to share with Serene listeners. You keep ownership of what you
          upload. By uploading it, you give Serene a worldwide, non-exclusive, royalty-free licence to store,
          review, adapt for playback, publish and promote it in the Services for as long as it is available,
          and for a reasonable time after you remove it.
        </p>
        <p>
          You promise that you own or have permission to use everything you upload, including music and
          voices, and that it does not break the law or anyone else’s rights. We review content before it is
          published and may decline or remove it at our discretion.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>When you use the Services, you agree not to:</p>
        <ul>
          <li>
            copy, download, redistribute or resell sessions, except as the app allows for your own listening;
          </li>
          <li>upload anything unlawful, hateful, harassing, sexually explicit or misleading;</li>
          <li>
            probe, scan or break the security of the Services, or access them with bots or scrapers without
            our written permission;
          </li>
          <li>interfere with other people’s use of the Services, or pretend to be someone else.</li>
        </ul>
      </>
    ),
  },
  {
    id: "our-content",
    title: "Our content and licence",
    body: (
      <p>
        The Services and their sessions, text, design and software belong to Serene and its licensors. We give
        you a personal, non-exclusive, non-transferable licence to use them for your own, non-commercial
        wellbeing while you follow these terms.
      </p>
    ),
  },
  {
    id: "ending",
    title: "Suspension, termination and deleting your account",
    body: (
      <>
        <p>
          You can stop using the Services at any time and ask us to delete your account on the{" "}
          <Link to="/delete-account">account deletion page</Link>. The account is deleted within 90 days if
          there is no activity on it.
        </p>
        <p>
          We may suspend or close an account that seriously or repeatedly breaks these terms, or when the law
          requires it. Where reasonable, we will tell you why and give you a chance to respond.
        </p>
      </>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <p>
        We work hard to keep the Services available and helpful, but we provide them “as is” and “as
        available”. To the extent the law allows, we make no promises that they will be uninterrupted,
        error-free or suitable for a particular purpose.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <p>
        To the extent the law allows, Serene is not liable for indirect, incidental or consequential losses,
        or for loss of data, profits or goodwill. Our total liability for any claim about the Services is
        limited to the amount you paid us in the 12 months before the claim, or $50 if you paid nothing.
        Nothing in these terms limits liability that cannot be limited by law, or your rights as a consumer.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to the Services and these terms",
    body: (
      <p>
        We may update these terms as the Services change. We will show the new date at the top of this page
        and tell you about important changes in the app or by e-mail at least 30 days before they take effect.
        If you keep using the Services after that, the new terms apply.
      </p>
    ),
  },
  {
    id: "law",
    title: "Governing law and disputes",
    body: (
      <p>
        These terms are governed by the law of the country where Serene is established, without regard to its
        conflict-of-law rules. If you are a consumer, you also keep the protection of the mandatory laws of
        the country where you live, and you may bring a claim in its courts. Please contact us first: most
        problems are solved quickly by talking.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions about these terms: <SupportEmailLink />, or use our <Link to="/support">support form</Link>.
      </p>
    ),
  },
];

export default function Terms() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="September 20, 2023"
      intro={
        <p>
          Please read these terms carefully. They explain what you can expect from Serene, what we expect from
          you, and how business subscriptions and their codes work.
        </p>
      }
      sections={sections}
    />
  );
}
