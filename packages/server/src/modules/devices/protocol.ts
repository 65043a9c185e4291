import { DEVICE_MODELS, deviceIcon, isLiveModel, type DeviceType, type protocolo } from '@portal/shared';
import type { z } from 'zod';

type Protocolo = z.infer<typeof protocolo>;

export const PROTOCOL_ID = 'mqtt-texto-v1';
const TOPIC_DATA = 'portal/{modelo}/{serie}/dados';
const TOPIC_COMMANDS = 'portal/{modelo}/{serie}/cmd';

/**
 * A model as one topic level: MQTT splits topics at '/', so PS/SEL is written PS-SEL there
 * (a literal slash would add a level and break `portal/+/+/dados` subscriptions).
 */
const topicLevel = (modelo: string) => modelo.replace(/\//g, '-');

const fill = (template: string, modelo: string, serie: string) => template.replace('{modelo}', topicLevel(modelo)).replace('{serie}', serie);

export const dataTopic = (modelo: string, serie: string) => fill(TOPIC_DATA, modelo, serie);
export const commandTopic = (modelo: string, serie: string) => fill(TOPIC_COMMANDS, modelo, serie);

/** getdevice_type: every model, its icon and whether it joins the live channel. */
export const DEVICE_TYPES: DeviceType[] = DEVICE_MODELS.map((modelo) => ({ modelo, icone: deviceIcon(modelo), ao_vivo: isLiveModel(modelo) }));

/**
 * getprotocolos: what the portal speaks with devices. Messages are pipe- or dollar-separated text
 * (spec section 7); the commands sent are 'update' (after a device or collection point is saved)
 * and 'foto' (ask for a picture).
 */
export const PROTOCOLS: Protocolo[] = [
  {
    id: PROTOCOL_ID,
    transporte: 'mqtt',
    separadores: ['|', '$'],
    modelos: [...DEVICE_MODELS],
    topico_dados: TOPIC_DATA,
    topico_comandos: TOPIC_COMMANDS,
    comandos: ['update', 'foto'],
  },
];
