// A small graph for the view tests: two tools of one server, a group, and a guide with a link that
// resolves nowhere (a diagnostic the document panel shows).
export const VIEW_GRAPH: Record<string, string> = {
  'tools/notes/read_note.md': [
    '---',
    'id: tool:notes/read_note',
    'type: Tool',
    'title: Read Note',
    'name: read_note',
    'description: Read the text of one note by its name',
    'source: notes',
    'readOnlyHint: true',
    'groups:',
    '  - tool:notes/_groups/note',
    'parameters:',
    '  - id: "#param-name"',
    '    "@type": Parameter',
    '    name: name',
    '    description: The name of the note',
    '    required: true',
    '---',
    '# Read Note',
    '',
  ].join('\n'),
  'tools/notes/delete_note.md': [
    '---',
    'id: tool:notes/delete_note',
    'type: Tool',
    'title: Delete Note',
    'name: delete_note',
    'description: Delete a note for good',
    'source: notes',
    'readOnlyHint: false',
    'destructiveHint: true',
    'groups:',
    '  - tool:notes/_groups/note',
    '---',
    '# Delete Note',
    '',
  ].join('\n'),
  'tools/notes/_groups/note.md': ['---', 'id: tool:notes/_groups/note', 'type: Group', 'title: note', '---', ''].join('\n'),
  'guides/notes.md': ['---', 'id: doc:guides/notes', 'title: Notes guide', '---', 'See [[no such page]].', ''].join('\n'),
};

export const READ_NOTE = 'https://w3id.org/mdkg/tool/notes/read_note';
export const DELETE_NOTE = 'https://w3id.org/mdkg/tool/notes/delete_note';
export const NOTE_GROUP = 'https://w3id.org/mdkg/tool/notes/_groups/note';
