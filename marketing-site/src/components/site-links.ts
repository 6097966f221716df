import { companyContacts } from '@dcipher/shared/domain';
import { routes } from '@dcipher/shared/routes';

export interface NavLink {
  label: string;
  to: string;
  external?: boolean;
}

export const primaryNavigation: NavLink[] = [
  { label: 'Studio', to: '/products/dcipher-studio' },
  { label: 'Workflows', to: '/products/dcipher-workflows' },
  { label: 'Workflow store', to: routes.workflowStore.path },
  { label: 'Insight Booster', to: '/products/dcipher-insight-booster' },
  { label: 'Solutions', to: '/solutions' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Customers', to: '/customer-success-stories' },
  { label: 'Blog', to: '/blog' },
];

export const footerColumns: { heading: string; links: NavLink[] }[] = [
  {
    heading: 'Product',
    links: [
      { label: 'Dcipher Studio', to: '/products/dcipher-studio' },
      { label: 'Dcipher Workflows', to: '/products/dcipher-workflows' },
      { label: 'Workflow store', to: routes.workflowStore.path },
      { label: 'Dcipher Insight Booster', to: '/products/dcipher-insight-booster' },
      { label: 'Pricing', to: '/pricing' },
      { label: 'Product updates', to: '/product-updates' },
      { label: 'White paper', to: '/download-whitepaper' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About us', to: '/about' },
      { label: 'Our people', to: '/our-people' },
      { label: 'Our supporters', to: '/our-supporters' },
      { label: 'Partner programs', to: '/partner-programs' },
      { label: 'Press room', to: '/press-room' },
      { label: 'Contact us', to: '/contact-us' },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { label: 'Blog', to: '/blog' },
      { label: 'Customer success stories', to: '/customer-success-stories' },
      { label: 'Help centre', to: companyContacts.helpCentreUrl, external: true },
      { label: 'Book a demo', to: companyContacts.meetingBookingUrl, external: true },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Privacy policy', to: '/privacy-policy' },
      { label: 'Terms of service (PDF)', to: '/ToS.pdf', external: true },
    ],
  },
];
