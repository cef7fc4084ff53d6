/**
 * The console's operators and what they did: the operators stored in the database with their role
 * (viewer, operator, admin) and hashed password, and the durable record of every action one of them
 * took from the console — who, what, when, the state before and after.
 */
package io.payonce.server.operator;
