import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait on visible state; their 1 s default is shorter than a dialog's upload round on a
// loaded 2-core CI machine (ImportDialog's test failed there while correct). A wait that succeeds returns at once.
configure({ asyncUtilTimeout: 10_000 });
