import { Client } from 'boardgame.io/react';
import { mount } from './mount';

mount(Client as any);
