/** The registry of who may call a simulated channel, and with which key. */
package io.payonce.sandbox.merchant;
