'use strict';
// The addon node-gyp built at install (build/Release), as `{ trim }`.
module.exports = require('./build/Release/malloc_trim.node');
