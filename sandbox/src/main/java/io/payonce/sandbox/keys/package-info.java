/** RSA keys and signatures with the JDK's crypto, shared by every simulated channel. */
package io.payonce.sandbox.keys;
