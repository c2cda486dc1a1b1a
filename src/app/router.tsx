import { createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';

/** The browser router over the route table; a function so tests can build memory routers instead. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
