import { Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { setupSteps, useAccountSetupT, type SetupFacts } from './account-setup';
import { ProgressBar } from './ui/progress-bar';

/**
 * The account-setup checklist as the dashboard's widget and the company screen's panel both show it:
 * progress, then each step, done (ticked, struck through) or a link to where it is done. One component,
 * so that the two places cannot drift apart again.
 */
export function SetupChecklist({ facts }: { facts: SetupFacts }) {
  const t = useAccountSetupT();
  const steps = setupSteps(facts);
  const done = steps.filter((step) => step.done).length;
  const progress = t('progress', { done, total: steps.length });
  return (
    <Stack gap={3} data-testid="setup-checklist">
      <ProgressBar value={(done / steps.length) * 100} label={progress} />
      <Text textStyle="sm" color="fg.muted">
        {progress}
      </Text>
      <Stack as="ul" gap={1} listStyleType="none">
        {steps.map((step) => (
          <li key={step.id} data-step={step.id} data-done={step.done}>
            <Text as="span" aria-hidden marginEnd={2} color={step.done ? 'green.fg' : 'fg.subtle'}>
              {step.done ? '✓' : '○'}
            </Text>
            {step.done ? (
              <Text as="span" color="fg.muted" textDecoration="line-through">
                {t(`step.${step.id}`)}
              </Text>
            ) : (
              <Link asChild color="brand.fg">
                <RouterLink to={step.to}>{t(`step.${step.id}`)}</RouterLink>
              </Link>
            )}
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
