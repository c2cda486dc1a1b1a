/**
 * A feature's strings in both languages, kept next to the feature (`<feature>/strings.ts`) so its lazy
 * chunk carries them and the sign-in page does not. Spanish must translate every English key, or the
 * build fails:
 *
 *   export const { useT: useContactsT, t: contactsT } = defineStrings('contacts', {
 *     'list.title': 'Contacts',
 *     'list.count_one': '{{count}} contact',
 *     'list.count_other': '{{count}} contacts',
 *   }, {
 *     'list.title': 'Contactos',
 *     'list.count_one': '{{count}} contacto',
 *     'list.count_other': '{{count}} contactos',
 *   });
 *
 *   const t = useContactsT();   t('list.title');   t('list.count', { count: 3 });
 */
import { registerStrings, translateIn } from './i18n';
import { useT as useAppT } from './use-t';

/** A plural string's key without its `_one`/`_other` suffix: `t(key, { count })` picks the form. */
type BaseKey<K extends string> = K | (K extends `${infer Base}_one` ? Base : never);

export interface StringBundle<K extends string> {
  namespace: string;
  english: Record<K, string>;
  /** Outside React (toasts, validation messages built once per call). */
  t: (key: BaseKey<K>, values?: Record<string, string | number>) => string;
  /** In components: re-renders the caller when the language changes. */
  useT: () => (key: BaseKey<K>, values?: Record<string, string | number>) => string;
}

/** Spanish for every English key; or a loader of it, so English readers never download it. */
type Spanish<E> = { [K in keyof E]: string } & Record<string, string>;

export function defineStrings<const E extends Record<string, string>>(
  namespace: string,
  english: E,
  spanish: Spanish<E> | (() => Promise<Spanish<E>>),
): StringBundle<keyof E & string> {
  registerStrings(namespace, english, spanish);
  const t = (key: BaseKey<keyof E & string>, values?: Record<string, string | number>) =>
    translateIn(namespace, key, values);
  return {
    namespace,
    english: english as Record<keyof E & string, string>,
    t,
    useT: () => {
      // Re-renders on a language change and on a change of the user's formats.
      useAppT();
      return t;
    },
  };
}
