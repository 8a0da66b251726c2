import { Client } from 'turnchart/react';
import { mount } from './mount';

mount(Client as any);
