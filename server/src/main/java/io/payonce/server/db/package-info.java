/** Database plumbing shared by the features: vendor placeholders for migrations, time columns. */
package io.payonce.server.db;
