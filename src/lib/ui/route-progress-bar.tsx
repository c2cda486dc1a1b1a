import { Box } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { PROGRESS_SETTINGS, RouteProgress, type ProgressState } from './route-progress';
import { useT } from '../i18n/use-t';

/**
 * The route-change progress bar (docs/product-rules.md section 2): runs while react-router loads the next route (lazy
 * chunks, loaders), completes when it is idle again. A few lines over RouteProgress instead of NProgress.
 */
export function RouteProgressBar() {
  const t = useT();
  const navigation = useNavigation();
  const [state, setState] = useState<ProgressState>({ status: null, fading: false });
  const progress = useRef<RouteProgress | null>(null);

  useEffect(() => {
    const instance = new RouteProgress(setState);
    progress.current = instance;
    return () => instance.dispose();
  }, []);

  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (busy) progress.current?.start();
    else progress.current?.done();
  }, [busy]);

  if (state.status === null) return null;
  return (
    <Box
      role="progressbar"
      aria-label={t('common.loadingPage')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.status * 100)}
      position="fixed"
      top={0}
      left={0}
      height="2px"
      zIndex="toast"
      bg="blue.solid"
      pointerEvents="none"
      style={{
        width: `${state.status * 100}%`,
        opacity: state.fading ? 0 : 1,
        transition: `width ${PROGRESS_SETTINGS.speed}ms ease, opacity ${PROGRESS_SETTINGS.speed}ms linear`,
      }}
    />
  );
}
