export { startTestGateway, type GatewayUpstreams, type TestGateway } from './test-gateway';
