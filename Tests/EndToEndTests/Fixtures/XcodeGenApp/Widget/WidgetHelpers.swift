// Not matched by the widget's `includes`: no target compiles it.
enum WidgetHelpers {}
