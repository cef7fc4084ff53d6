package io.payonce.server.web;

import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/** Puts {@link ProblemReportValve} in place of Tomcat's (and Boot's) HTML error report valve. */
@Component
class TomcatProblemReports
    implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

  private final ObjectProvider<ChannelCallbacks> callbacks;

  TomcatProblemReports(ObjectProvider<ChannelCallbacks> callbacks) {
    this.callbacks = callbacks;
  }

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    factory.addContextCustomizers(
        context -> {
          if (!(context.getParent() instanceof StandardHost host)) {
            return;
          }
          for (Valve valve : host.getPipeline().getValves()) {
            if (valve instanceof ErrorReportValve && !(valve instanceof ProblemReportValve)) {
              host.getPipeline().removeValve(valve);
            }
          }
          // The host adds a valve of this class on start unless one is there already.
          host.setErrorReportValveClass(ProblemReportValve.class.getName());
          host.getPipeline()
              .addValve(new ProblemReportValve(path -> callbacks.getObject().at(path)));
        });
  }

  @Override
  public int getOrder() {
    // After Boot's customizer, which adds its own report valve.
    return Ordered.LOWEST_PRECEDENCE;
  }
}
