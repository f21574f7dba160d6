import { serviceTestConfig } from '../kit/src/testing/vitest-config';

export default serviceTestConfig();
