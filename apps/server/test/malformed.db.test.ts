// Part 1 of 3 of the malformed-input suite: a third of the routes, on a server of its own.
import { malformedSuite } from "./malformed.suite.js";

malformedSuite(0, 3);
