/** What the account area's router gives every screen it shows. */
export interface AccountScreenProps {
  navigate: (to: string) => void;
}
