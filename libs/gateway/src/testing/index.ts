export { startTestGateway, type GatewayUpstreams, type TestGateway, type TestGatewayOptions } from './test-gateway';
