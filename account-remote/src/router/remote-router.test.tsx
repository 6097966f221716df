import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useLocation, useRoutes } from 'react-router';
import { RemoteRouter, RouteLink, routeObjects, useRouteParams } from './remote-router';

function WorkflowPage() {
  const { flowId } = useRouteParams('workflow');
  return <p>Workflow {flowId}</p>;
}

function Screens() {
  const location = useLocation();
  const element = useRoutes([
    ...routeObjects(['workflows', 'workflowsNew', 'workflow'] as const, (id) =>
      id === 'workflow' ? <WorkflowPage /> : <p>{id}</p>,
    ),
    { path: '*', element: <p>Not found: {location.pathname}</p> },
  ]);
  return (
    <>
      {element}
      <RouteLink to="workflow" params={{ flowId: 'a b/c' }}>
        One workflow
      </RouteLink>
      <RouteLink to="workflowsNew" query={{ predefined: 'sentiment' }}>
        New workflow
      </RouteLink>
      <RouteLink to="pricing">Pricing</RouteLink>
      <RouteLink to="accountPassword">Password</RouteLink>
    </>
  );
}

function openAt(path: string) {
  window.history.pushState(null, '', path);
  const navigate = jest.fn();
  render(
    <RemoteRouter app="AccountApp" navigate={navigate}>
      <Screens />
    </RemoteRouter>,
  );
  return navigate;
}

describe('the remote router', () => {
  afterEach(cleanup);

  it('renders the screen of the declared route the path names, "not found" for any other', () => {
    openAt('/workflows');
    expect(screen.getByText('workflows')).toBeTruthy();
    cleanup();
    openAt('/workflows/new');
    expect(screen.getByText('workflowsNew')).toBeTruthy();
    cleanup();
    openAt('/workflows/nothing/here');
    expect(screen.getByText('Not found: /workflows/nothing/here')).toBeTruthy();
  });

  it('gives a screen its typed, decoded parameters', () => {
    openAt('/workflows/flow%2042');
    expect(screen.getByText('Workflow flow 42')).toBeTruthy();
  });

  it('builds links from the route table with encoded params and query, navigating in place through the host', () => {
    const navigate = openAt('/workflows');
    const link = screen.getByRole('link', { name: 'One workflow' });
    expect(link.getAttribute('href')).toBe('/workflows/a%20b%2Fc');
    expect(screen.getByRole('link', { name: 'New workflow' }).getAttribute('href')).toBe(
      '/workflows/new?predefined=sentiment',
    );
    fireEvent.click(screen.getByRole('link', { name: 'New workflow' }));
    expect(navigate).toHaveBeenCalledWith('/workflows/new?predefined=sentiment');
    expect(screen.getByText('workflowsNew')).toBeTruthy();
  });

  it('leaves a page this app does not serve to the host, and follows the back button', () => {
    const navigate = openAt('/workflows');
    fireEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(navigate).toHaveBeenCalledWith('/pricing');
    expect(screen.getByText('workflows')).toBeTruthy();
    act(() => {
      window.history.pushState(null, '', '/workflows/new');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByText('workflowsNew')).toBeTruthy();
  });

  it("leaves a path of this app on another of the site's pages to the host, which mounts the app afresh there", () => {
    // /workflows and /account/password are two site pages: a screen shown here before the host navigates would be
    // replaced by the next page's, losing what was typed into it (a password field, in CI).
    const navigate = openAt('/workflows');
    fireEvent.click(screen.getByRole('link', { name: 'Password' }));
    expect(navigate).toHaveBeenCalledWith('/account/password');
    expect(screen.getByText('workflows')).toBeTruthy();
    expect(screen.queryByText('Not found: /account/password')).toBeNull();
  });

  it('tells pages apart by the path it shows, not the address a host that navigates at once has already changed', () => {
    // The standalone shell changes the address before `navigate` returns; the site's Gatsby navigation, later.
    window.history.pushState(null, '', '/workflows');
    const navigate = jest.fn((to: string) => window.history.pushState(null, '', to));
    render(
      <RemoteRouter app="AccountApp" navigate={navigate}>
        <Screens />
      </RemoteRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Password' }));
    expect(window.location.pathname).toBe('/account/password');
    expect(screen.getByText('workflows')).toBeTruthy();
    // On the same page, the screen is still shown in place.
    fireEvent.click(screen.getByRole('link', { name: 'New workflow' }));
    expect(screen.getByText('workflowsNew')).toBeTruthy();
  });

  it('keeps a modified click (new tab) to the browser', () => {
    const navigate = openAt('/workflows');
    fireEvent.click(screen.getByRole('link', { name: 'One workflow' }), { ctrlKey: true });
    expect(navigate).not.toHaveBeenCalled();
  });
});

// Compile-time checks: a route with parameters needs them; one without takes none.
// @ts-expect-error flowId is required
<RouteLink to="workflow">x</RouteLink>;
// @ts-expect-error workflows has no parameters
<RouteLink to="workflows" params={{ flowId: 'x' }}>
  x
</RouteLink>;
