import { Link } from "react-router";
import { LegalDocument, type LegalSection } from "../../components/site/legal-document";
import { SupportEmailLink } from "../../features/site-config/components/support-email-link";
import { type PageInfo, publicPageMeta } from "../../lib/meta";
import type { Route } from "./+types/privacy-policy";
import { staticPage } from "../../lib/static-page";

const page: PageInfo = {
  title: "Privacy Policy",
  description: "How Serene collects, uses and protects your data. Last updated September 20, 2023.",
};

export const meta: Route.MetaFunction = () => publicPageMeta(page, "/privacy-policy", { type: "article" });

export const handle = staticPage;

const sections: readonly LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <>
        <p>
          Serene (“Serene”, “we”, “us”) provides the Serene mobile app, the website you are reading and
          business subscriptions for employers (together, the “Services”). We decide why and how your personal
          information is processed when you use the Services, which makes us the controller of that
          information.
        </p>
        <p>
          If you have a question about this policy or your information, write to us at <SupportEmailLink />.
        </p>
      </>
    ),
  },
  {
    id: "information-we-collect",
    title: "Information we collect",
    body: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details:</strong> your e-mail address, username, password (stored only as a
            one-way hash), and optionally your last name and a profile picture.
          </li>
          <li>
            <strong>Preferences:</strong> the mood you check in with (happy, sad or angry) and the topics you
            choose, such as Sleep or Anxiety.
          </li>
          <li>
            <strong>Host applications and content:</strong> the reason you give when you ask to become a host,
            and the audio, images, titles and descriptions you upload.
          </li>
          <li>
            <strong>Messages:</strong> your name, e-mail address, subject and message when you contact
            support, and your e-mail address and reason when you ask us to delete your account.
          </li>
          <li>
            <strong>Business purchases:</strong> the business name, business e-mail address and number of
            employees when a company buys a subscription.
          </li>
        </ul>
        <h3>Information collected when you use the Services</h3>
        <ul>
          <li>
            <strong>Listening activity:</strong> which sessions you play and for how long, so that we can show
            you your history and recommend what to hear next.
          </li>
          <li>
            <strong>Device and technical data:</strong> app version, operating system, IP address and the time
            of each request, kept in server logs to run the Services securely.
          </li>
        </ul>
        <h3>Information from others</h3>
        <p>
          Payments are handled by our payment provider, Stripe. Stripe tells us whether a payment succeeded;
          we never receive or store your full card number.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use-information",
    title: "How we use your information",
    body: (
      <ul>
        <li>to create and run your account and play the sessions you choose;</li>
        <li>to personalise what you see, based on your mood check-ins, topics and listening;</li>
        <li>
          to process business purchases, send subscription codes to the business e-mail address and apply a
          code when it is redeemed;
        </li>
        <li>to answer your support messages and carry out deletion requests;</li>
        <li>to review content from hosts before it is published;</li>
        <li>to keep the Services secure, prevent abuse and fraud, and limit automated requests;</li>
        <li>to understand, in aggregate, how the Services are used so we can improve them;</li>
        <li>
          to send service messages, such as receipts and replies. We do not send marketing without your
          consent;
        </li>
        <li>to comply with our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: "legal-bases",
    title: "Legal bases for processing",
    body: (
      <>
        <p>
          If you are in the European Economic Area, the United Kingdom or Switzerland, we rely on these legal
          bases:
        </p>
        <ul>
          <li>
            <strong>Contract:</strong> to provide the Services you signed up for or bought.
          </li>
          <li>
            <strong>Legitimate interests:</strong> to keep the Services secure, prevent abuse and improve
            them, where these interests are not overridden by yours.
          </li>
          <li>
            <strong>Consent:</strong> for your mood check-ins and for any optional messages. You can withdraw
            consent at any time in the app or by contacting us.
          </li>
          <li>
            <strong>Legal obligation:</strong> to keep payment and tax records.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "sharing",
    title: "How we share information",
    body: (
      <>
        <p>We do not sell your personal information, and we do not show advertising. We share it only:</p>
        <ul>
          <li>
            with service providers who host our servers and files, deliver our e-mail and process payments,
            under contracts that allow them to use it only to provide their service to us;
          </li>
          <li>
            with the employer that bought your subscription, which can see that a seat is redeemed, by which
            e-mail address and when, but never what you listen to, your moods or your times (its team report
            adds up whole months over everyone with a seat, and shows no figure resting on fewer than 10
            people: see <a href="/listen/account/employer">what your employer sees</a>);
          </li>
          <li>when the law requires it, or to protect the safety and rights of our users and of Serene;</li>
          <li>
            with a buyer or successor if Serene is involved in a merger or sale, who must then respect this
            policy.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and similar technologies",
    body: (
      <p>
        Our website does not use advertising or tracking cookies. It uses only what it needs to work: a secure
        session cookie and browser storage when an administrator signs in, and temporary browser storage that
        remembers a business order while the payment page is open.
      </p>
    ),
  },
  {
    id: "retention",
    title: "How long we keep information",
    body: (
      <ul>
        <li>Account information, for as long as your account exists.</li>
        <li>
          After you ask us to delete your account, we delete it within 90 days if there is no activity on it.
          Using the account again in that time cancels the request.
        </li>
        <li>Support messages, for up to two years after the conversation ends.</li>
        <li>Server logs, for up to 30 days.</li>
        <li>Business purchase and payment records, for as long as tax and accounting law requires.</li>
      </ul>
    ),
  },
  {
    id: "deleting-your-account",
    title: "Deleting your account",
    body: (
      <p>
        You can ask us to delete your account and its personal data at any time on the{" "}
        <Link to="/delete-account">account deletion page</Link>. We confirm the request by e-mail. Your
        account is deleted within 90 days if there is no activity on it; this grace period protects you
        against requests made by someone else.
      </p>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        We protect your information with encrypted connections, hashed passwords, strict access controls and
        regular review of who can reach personal data. No service can be perfectly secure; if we learn of a
        breach that affects you, we will tell you and the authorities as the law requires.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <p>
          Depending on where you live, you may have the right to access the personal information we hold about
          you, correct it, delete it, receive a copy in a portable format, object to or restrict how we use
          it, and withdraw consent. Write to <SupportEmailLink /> and we will answer within 30 days. We may
          need to confirm your identity first.
        </p>
        <p>
          You can also complain to your local data protection authority. Residents of California have the
          right to know, delete and correct their information and not to be discriminated against for using
          these rights; we do not sell or share personal information for cross-context behavioural
          advertising.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        Serene is intended for adults aged 18 and over. We do not knowingly collect personal information from
        children under the age of 13. If you believe a child under 13 has given us personal information,
        contact us at <SupportEmailLink /> and we will delete it.
      </p>
    ),
  },
  {
    id: "international-transfers",
    title: "International transfers",
    body: (
      <p>
        Our service providers may process information outside your country. When information leaves the
        European Economic Area or the United Kingdom, we protect it with the European Commission’s standard
        contractual clauses or another lawful transfer mechanism.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        We may update this policy as the Services change. We will show the new date at the top of this page
        and, for important changes, tell you in the app or by e-mail before they take effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: (
      <p>
        Questions, requests or complaints about your privacy: <SupportEmailLink />, or use our{" "}
        <Link to="/support">support form</Link>.
      </p>
    ),
  },
];

export default function PrivacyPolicy() {
  return (
    <LegalDocument
      title={page.title}
      updated="September 20, 2023"
      intro={
        <p>
          This policy explains what information Serene collects when you use our app, website and business
          subscriptions, how we use it, and the choices you have. In short: we collect what the Services need,
          we never sell your data, and you can ask us to delete it at any time.
        </p>
      }
      sections={sections}
    />
  );
}
