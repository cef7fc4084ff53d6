/** The seeded fault plan of a run and the injector that carries it out and undoes it. */
package io.payonce.chaos.faults;
