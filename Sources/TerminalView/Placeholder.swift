public enum TerminalViewPlaceholder {}
