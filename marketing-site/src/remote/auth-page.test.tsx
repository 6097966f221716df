import { routes } from '@dcipher/shared/routes';
import { cleanup, render, screen } from '@testing-library/react';
import { authPage } from './auth-page';

// The remote never arrives: what the visitor sees first, which is also what the server renders into the HTML.
jest.mock('./account-remote', () => ({ loadAccountScreen: () => new Promise(() => {}) }));

afterEach(cleanup);

describe('a signed-out page', () => {
  it("shows the login-style frame with the screen's heading, the logo and a way back before the remote loads", () => {
    const SignupPage = authPage(routes.signup);
    render(<SignupPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create account (1/2)');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('link', { name: 'Dcipher home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: /Back to the site/ }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('uses the title as the heading where the route declares no other', () => {
    const LoginPage = authPage(routes.login);
    render(<LoginPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in');
  });
});
