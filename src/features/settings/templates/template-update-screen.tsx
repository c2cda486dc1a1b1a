import { Heading, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';

/** Placeholder: updating a template arrives with its issue; nothing here pretends to work yet. */
export function TemplateUpdateScreen() {
  const { id, type } = useParams();
  return (
    <section>
      <Heading as="h2" size="xl">
        Update template
      </Heading>
      <Text marginTop={2}>
        Template {id} ({type}). This screen arrives with its issue.
      </Text>
    </section>
  );
}
