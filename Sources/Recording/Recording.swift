// Recording module
