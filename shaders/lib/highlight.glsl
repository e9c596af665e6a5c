// Highlight tints of the card-and-token pieces (included by the vertex stages of pieces.glsl and
// pieces_die.glsl; index = the instance's params.y, HIGHLIGHT_INDEX in game/render/pieces/model.py).
// Looked up per vertex and handed on flat: indexing a constant array in a fragment stage costs
// llvmpipe a gather per pixel.
const vec3 HL[6] = vec3[6](vec3(0.0), vec3(1.0, 1.0, 1.0), vec3(0.25, 0.85, 0.95), vec3(1.0, 0.82, 0.25),
                           vec3(1.0, 0.42, 0.22), vec3(0.95, 0.25, 0.25));

// (tint, strength): how much of the tint a highlighted surface takes (none for index 0).
vec4 highlight_tint(float index) {
    int hl = int(index + 0.5);
    return vec4(HL[hl], hl > 0 ? 0.16 : 0.0);
}
