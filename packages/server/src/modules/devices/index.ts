/** The devices module's public face: device records, their broker logins and the topics of the device protocol. */
export { devicesModule } from './module.js';
export type { DeviceIdentity } from './devices.repository.js';
export { commandTopic, dataTopic } from './protocol.js';
export { devicesService, type BrokerAddress, type DevicesService, type UsedDevice, type VerifiedDevice } from './service.js';
