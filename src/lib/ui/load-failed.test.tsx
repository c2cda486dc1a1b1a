// @vitest-environment jsdom
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadFailed } from './load-failed';

describe('a failed read', () => {
  afterEach(cleanup);

  it('says so as an alert and reads again when asked', () => {
    const onRetry = vi.fn();
    render(
      <ChakraProvider value={defaultSystem}>
        <LoadFailed message="The ports could not be loaded." retryLabel="Try again" onRetry={onRetry} />
      </ChakraProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('The ports could not be loaded.');
    expect(onRetry).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
